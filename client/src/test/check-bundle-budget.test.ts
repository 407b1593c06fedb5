import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROUTES } from "@/app/routes";

// CI runs scripts/check-bundle-budget.mjs on the build; these tests run it on a made-up build.
const SCRIPT = path.resolve(import.meta.dirname, "../../../scripts/check-bundle-budget.mjs");
let dist = "";

afterEach(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
  dist = "";
});

type TRow = { path: string; access: string; modules: string[] };

function routeTable(): TRow[] {
  const run = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { readRouteTable } from ${JSON.stringify(SCRIPT)}; console.log(JSON.stringify(readRouteTable()));`,
    ],
    { encoding: "utf8" },
  );
  expect(run.stderr).toBe("");
  return JSON.parse(run.stdout);
}

/** A build whose every module is one file of `bytes` random (incompressible) bytes. */
function fakeBuild(bytes: number) {
  dist = mkdtempSync(path.join(tmpdir(), "budget-"));
  mkdirSync(path.join(dist, ".vite"));
  mkdirSync(path.join(dist, "assets"));
  const modules = new Set(["src/app/signed-in-routes.tsx", ...routeTable().flatMap((r) => r.modules)]);
  const manifest: Record<string, object> = {
    "index.html": { file: "assets/index.js", isEntry: true, imports: ["_react.js"] },
    "_react.js": { file: "assets/react.js" },
  };
  writeFileSync(path.join(dist, "assets/index.js"), randomBytes(bytes));
  writeFileSync(path.join(dist, "assets/react.js"), randomBytes(bytes));
  for (const [i, m] of [...modules].entries()) {
    manifest[m] = { file: `assets/page-${i}.js`, isDynamicEntry: true, imports: ["index.html"] };
    writeFileSync(path.join(dist, `assets/page-${i}.js`), randomBytes(bytes));
  }
  writeFileSync(path.join(dist, ".vite/manifest.json"), JSON.stringify(manifest));
}

function check() {
  const run = spawnSync(process.execPath, [SCRIPT, dist], { encoding: "utf8" });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("check-bundle-budget", () => {
  it("reads the same routes as the router, each with the page module it loads", () => {
    const rows = routeTable();
    const plain = rows.filter((r) => !(r as { label?: string }).label);
    expect(plain.map((r) => `${r.access} ${r.path}`)).toEqual(ROUTES.map((r) => `${r.access} ${r.path}`));
    expect(rows.find((r) => r.access === "guest" && r.path === "/")?.modules).toEqual([
      "src/features/auth/pages/landing-page.tsx",
    ]);
    // The dashboard at `/` is two pages: the member's and, for admins, the admin's.
    expect(rows.filter((r) => r.path === "/" && r.access === "admin").map((r) => r.modules)).toEqual([
      ["src/app/pages/admin-dashboard-page.tsx"],
    ]);
    expect(rows.find((r) => r.access === "member" && r.path === "/sermons/:id")?.modules).toEqual([
      "src/features/sermons/pages/sermon-detail-page.tsx",
    ]);
  });

  it("prints the table and passes when every page is within its budget", () => {
    fakeBuild(20_000);
    const { status, stdout } = check();
    expect(stdout).toMatch(/Route\s+Access\s+Page\s+Files\s+JS gzip\s+Budget/);
    // entry + react + landing page: three files of about 20 KB each.
    expect(stdout).toMatch(/^\/\s+guest\s+landing-page\s+3\s+6\d\.\d KB\s+111.0 KB\s+ok$/m);
    // A member's page adds the signed-in module.
    expect(stdout).toMatch(/^\/, \/my-dashboard\s+member\s+member-dashboard-page\s+4\s+8\d\.\d KB\s+170\.0 KB\s+ok$/m);
    expect(status).toBe(0);
  });

  it("fails, naming each page over its budget and its largest files", () => {
    fakeBuild(40_000);
    const { status, stdout, stderr } = check();
    expect(stdout).toMatch(/^\/\s+guest\s+landing-page\s+3\s+12\d\.\d KB\s+111.0 KB\s+OVER by/m);
    expect(stderr).toContain("/ (guest): ");
    expect(stderr).toContain("the budget for the signed-out landing page");
    expect(stderr).toMatch(/largest files: \S+\.js 40\.\d KB/);
    expect(status).toBe(1);
  });

  it("says to build first when there is no manifest", () => {
    dist = mkdtempSync(path.join(tmpdir(), "budget-"));
    const { status, stderr } = check();
    expect(stderr).toContain("run `npm run build` first");
    expect(status).toBe(2);
  });
});
