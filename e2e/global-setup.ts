import { spawnSync } from "node:child_process";

/** Browser tests run against the built client, exactly as `npm start` serves it. */
export default function setup() {
  const r = spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"], {
    stdio: "inherit",
  });
  if (r.status !== 0) throw new Error("vite build failed");
}
