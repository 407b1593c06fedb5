import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { compiledCatalogs } from "./scripts/catalog-plugin.mjs";

const alias = {
  "@common": path.resolve(import.meta.dirname, "common"),
  "@": path.resolve(import.meta.dirname, "client/src"),
};

/**
 * Client test files that need a module graph of their own: a `vi.mock` must come before anything
 * imports the module it replaces, and a file that says `// own module graph` reads state a module
 * keeps (a queue, the page's first question) that another file's code would have changed.
 */
const OWN_MODULE_GRAPH = fs
  .readdirSync(path.join(import.meta.dirname, "client/src"), { recursive: true, encoding: "utf8" })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => path.join("client/src", f))
  .filter((f) =>
    /\bvi\.(do)?mock\(|^\/\/ own module graph/m.test(fs.readFileSync(path.join(import.meta.dirname, f), "utf8")),
  );

/** A project of client files in happy-dom; `files` says which and whether they share modules. */
function clientProject(files: { name: string; include: string[]; exclude?: string[]; isolate?: boolean }) {
  return {
    resolve: { alias },
    plugins: [compiledCatalogs()],
    test: {
      ...files,
      environment: "happy-dom" as const,
      setupFiles: ["client/src/test/setup.ts"],
      // Some files spawn the build scripts; on a busy machine that takes longer than 5 s.
      testTimeout: 20_000,
    },
  };
}

/**
 * `npm test` runs every project: unit tests, server integration tests on a real PostgreSQL (one
 * database per file, files in parallel) and browser tests in Chromium.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker fewer than the CPUs: on a 2-core machine every file ran alone,
    // while most of a file's time is waiting on PostgreSQL or Chromium. Each file has its own
    // database (and browser files their own app), so two at a time share nothing.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", environment: "node", include: ["common/**/*.test.ts", "server/src/**/*.unit.test.ts"] },
      },
      {
        resolve: { alias },
        test: {
          name: "server",
          environment: "node",
          include: ["server/src/**/*.test.ts"],
          exclude: ["server/src/**/*.unit.test.ts"],
          globalSetup: ["server/test/global-setup.ts"],
          // The files of a worker share one module graph: each file built and imported the whole app
          // again (183 of 394 s on 2 cores). Nothing a file sets up outlives it: file-setup.ts puts
          // back timers, spies and stubs, and closes the file's apps, pools and databases.
          isolate: false,
          setupFiles: ["server/test/file-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The client files of a worker share one module graph (each file's start-up was two thirds of
      // the project's time), except those that replace a module or read a module's own state.
      clientProject({
        name: "client",
        include: ["client/src/**/*.test.{ts,tsx}"],
        exclude: OWN_MODULE_GRAPH,
        isolate: false,
      }),
      clientProject({ name: "client-own-modules", include: OWN_MODULE_GRAPH }),
      {
        resolve: { alias },
        test: {
          name: "e2e",
          environment: "node",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["server/test/global-setup.ts", "e2e/global-setup.ts"],
          setupFiles: ["server/test/file-setup.ts"],
          // A page's first paint waits for its code: seconds, not one, when the machine is busy
          // (the browser files run side by side with the server tests).
          // With two files at a time (maxWorkers), two browsers and two apps share the 2 cores: a
          // fresh-clone run once waited more than 10 s for the admin dashboard after church creation.
          expect: { poll: { timeout: 20_000 } },
          // After the other projects: the server files that start whole app processes (compiled
          // start, rolling restart, backups, a sync killed mid-way) no longer compete with the
          // browsers for the 2 cores; a fresh-clone run twice waited more than 20 s for the admin
          // dashboard after church creation while they ran beside it.
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
