// `npm start`: builds what is missing or older than its sources (the client with Vite, the server
// with esbuild), then runs the compiled server in this same process: one Node process, no compiler
// at run time.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import module from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Whether `output` is missing or older than any of `sources` (files or folders). */
function isStale(output, sources) {
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  return builtAt < Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
}

const lockFiles = ["package.json", "package-lock.json"];
if (isStale(path.join(root, "dist/client/index.html"), ["client", "common", "vite.config.ts", ...lockFiles])) {
  console.log("Building the client (after an install or an update; this takes a minute or two)...");
  const vite = path.join(root, "node_modules/vite/bin/vite.js");
  const r = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const serverMain = path.join(root, "dist/server/main.js");
if (isStale(serverMain, ["server/src", "common", "scripts/build-server.mjs", ...lockFiles])) {
  console.log("Building the server...");
  const { buildServer } = await import("./build-server.mjs");
  await buildServer();
  // esbuild builds in a service process of its own (a Go binary, about 240 MB), which would otherwise
  // stay beside the app until its next restart.
  const esbuild = await import("esbuild");
  await esbuild.stop();
}

// Node 22 and later keep V8's compiled code of the server and its packages on disk: a restart
// skips compiling them again (Node 20 has no such cache and starts as before).
module.enableCompileCache?.(path.join(root, "node_modules/.cache/fellowship-v8"));
await import(pathToFileURL(serverMain).href);
