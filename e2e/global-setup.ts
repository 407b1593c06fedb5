import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    clientDir: string;
  }
}

/**
 * Browser tests run against a production build of the client, made here into a folder of this
 * run's own, so a developer's `vite build` or another test run cannot change it mid-test.
 * `E2E_CLIENT_DIR` names a build already made for this run (CI builds once, for the bundle budget,
 * and copies it): then nothing is built here and the folder is left to its owner.
 */
export default function setup(project: TestProject) {
  const given = process.env.E2E_CLIENT_DIR;
  if (given) {
    if (!fs.existsSync(path.join(given, "index.html"))) throw new Error(`E2E_CLIENT_DIR has no index.html: ${given}`);
    project.provide("clientDir", path.resolve(given));
    return;
  }
  const outDir = path.resolve(".tmp", `e2e-client-${process.pid}`);
  const r = spawnSync(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"],
    {
      stdio: "inherit",
      // Vitest sets NODE_ENV=test, which would make Vite build React's development version.
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (r.status !== 0) throw new Error("vite build failed");
  project.provide("clientDir", outDir);
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}
