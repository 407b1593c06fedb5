import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// `npm run lint` runs scripts/check-imports.mjs on server/src too; these run it on small trees of their own.
const SCRIPT = path.resolve(import.meta.dirname, "../../../scripts/check-imports.mjs");
let root = "";

function tree(files: Record<string, string>) {
  root = mkdtempSync(path.join(tmpdir(), "check-server-imports-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

function check(dir: string) {
  const run = spawnSync(process.execPath, [SCRIPT, "--server", dir], { encoding: "utf8" });
  return { status: run.status, output: run.stdout + run.stderr };
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = "";
});

// Each run starts node and TypeScript: seconds on a busy machine.
describe("scripts/check-imports.mjs, the server rule (issue 25 §1)", { timeout: 60_000 }, () => {
  it("passes the server as it is", () => {
    const run = check(path.resolve(import.meta.dirname, ".."));
    expect(run.output).toContain("Server features import each other only through the list");
    expect(run.status).toBe(0);
  });

  it("lets a feature import its own folder, lib/, db/ and @common, and tests import any feature", () => {
    tree({
      "features/sermons/sermons.service.ts":
        'import { publish } from "../../lib/domain-events";\nimport { sermons } from "../../db/schema/sermons";\nimport { x } from "./sermons.repo";\nimport { Z } from "@common/sermons";\n',
      "features/sermons/sermons.test.ts": 'import { notify } from "../notifications/notify";\n',
      "app.ts": 'import { notificationSubscribers } from "./features/notifications/notifications.subscribers";\n',
    });
    expect(check(root).status).toBe(0);
  });

  it("allows a listed (file, export) pair and nothing else from the same file", () => {
    const listed = 'import { countPendingKudos } from "../kudos/kudos.service";\n';
    tree({ "features/admin/admin.service.ts": listed });
    expect(check(root).status).toBe(0);
    rmSync(root, { recursive: true, force: true });
    tree({
      "features/admin/admin.service.ts": `${listed}import { listKudos } from "../kudos/kudos.service";\n`,
    });
    const run = check(root);
    expect(run.status).toBe(1);
    expect(run.output).toContain("features/admin/admin.service.ts:2:");
    expect(run.output).toContain(
      "features/kudos/kudos.service#listKudos reaches another feature; publish a domain event",
    );
  });

  it("fails on each kind of new import between features, with its file and line", () => {
    const broken: Array<[what: string, file: string, text: string]> = [
      ["a named import", "features/sermons/a.ts", 'import { notify } from "../notifications/notify";\n'],
      ["a type", "features/sermons/b.ts", 'import type { TPushOptions } from "../push/push.service";\n'],
      ["a namespace", "features/events/c.ts", 'import * as kudos from "../kudos/kudos.service";\n'],
      ["a re-export", "features/events/d.ts", 'export { listKudos } from "../kudos/kudos.service";\n'],
      ["a lazy import", "features/events/e.ts", 'const m = () => import("../kudos/kudos.service");\n'],
    ];
    // One tree, one run (each run loads TypeScript): every file is named.
    tree(Object.fromEntries(broken.map(([what, file, text]) => [file, `// ${what}\n${text}`])));
    const run = check(root);
    expect(run.status).toBe(1);
    for (const [what, file] of broken) expect(run.output, what).toContain(`${file}:2:`);
    expect(run.output).toContain("5 import(s) between server features are not on the list");
  });
});
