import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// `npm run lint` runs scripts/check-imports.mjs; these tests run it on a small tree of its own.
const SCRIPT = path.resolve(import.meta.dirname, "../../../scripts/check-imports.mjs");
let root = "";

function tree(files: Record<string, string>) {
  root = mkdtempSync(path.join(tmpdir(), "check-imports-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
}

function check(dir: string) {
  const run = spawnSync(process.execPath, [SCRIPT, dir], { encoding: "utf8" });
  return { status: run.status, output: run.stdout + run.stderr };
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = "";
});

const ALLOWED = {
  "lib/current-user.ts": 'import { apiRequest } from "./api-client";\n',
  "components/card.tsx": 'import { cn } from "@/lib/utils";\n',
  "features/events/api.ts": 'import { z } from "zod";\nimport { AUTH_USER_KEY } from "@/lib/query-keys";\n',
  "features/events/pages/events-page.tsx":
    'import { Card } from "@/components/card";\nimport { useEvents } from "../api";\nimport { TEvent } from "@common/events";\n',
  "features/events/pages/events-page.test.tsx": 'import { renderWithApp } from "@/test/render";\n',
  "app/router.tsx": 'import { EventsPage } from "@/features/events/pages/events-page";\n',
};

describe("scripts/check-imports.mjs", () => {
  it("passes the client as it is", () => {
    const run = check(path.resolve(import.meta.dirname, ".."));
    expect(run.output).toContain("Imports are one-way");
    expect(run.status).toBe(0);
  });

  it("passes features that import only their own folder, lib/, components/ and @common", () => {
    tree(ALLOWED);
    expect(check(root).status).toBe(0);
  });

  it("fails on each import that breaks the rule, with its file and line", () => {
    const broken: Array<[what: string, file: string, text: string]> = [
      ["another feature by alias", "features/sermons/a.ts", 'import { useEvents } from "@/features/events/api";\n'],
      ["another feature by a relative path", "features/sermons/pages/b.tsx", 'import { x } from "../../events/api";\n'],
      ["another feature, lazily", "features/sermons/c.ts", 'const m = import("@/features/events/api");\n'],
      ["another feature's types", "features/sermons/d.ts", 'import type { T } from "../events/api";\n'],
      ["app/ from a feature", "features/sermons/e.ts", 'import { useCurrentUser } from "@/app/current-user";\n'],
      ["a feature from lib/", "lib/f.ts", 'export { useEvents } from "@/features/events/api";\n'],
      ["app/ from components/", "components/g.tsx", 'import { ROUTES } from "../app/routes";\n'],
      ["test/ outside a test", "features/events/h.ts", 'import { makeEvent } from "@/test/fixtures";\n'],
      ["the server", "lib/i.ts", 'import { db } from "../../../server/src/db/client";\n'],
    ];
    tree({ ...ALLOWED, ...Object.fromEntries(broken.map(([, file, text]) => [file, `// ${file}\n${text}`])) });
    const run = check(root);
    expect(run.status).toBe(1);
    for (const [what, file] of broken) expect(run.output, what).toContain(`${file}:2:`);
    expect(run.output).toContain(`${broken.length} import(s) break the one-way rule`);
  });
});
