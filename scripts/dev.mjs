// `npm run dev`: the server with reload on change (tsx watch) and Vite's dev server with hot
// reload in front of it (http://localhost:5173, proxying /api and /ws to the server).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const children = [
  spawn(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "watch", "--clear-screen=false", "server/src/main.ts"],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, APP_URL: process.env.APP_URL ?? "http://localhost:5173" },
    },
  ),
  spawn(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js")], { cwd: root, stdio: "inherit" }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children)
  c.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
