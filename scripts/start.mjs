// `npm start`: builds the client when its build is missing or older than its sources, then runs
// the server (TypeScript through tsx) in this process's place.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = path.join(root, "dist/client/index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, "client"), path.join(root, "common")];
const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime), fs.statSync(path.join(root, "vite.config.ts")).mtimeMs)) {
  console.log("Building the client...");
  const r = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "server/src/main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
process.exit(server.status ?? 1);
