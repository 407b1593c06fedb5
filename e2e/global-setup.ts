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
 */
export default function setup(project: TestProject) {
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
