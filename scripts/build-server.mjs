// Compiles the server (server/src/main.ts and what it imports from server/ and common/) into one
// plain JavaScript file, dist/server/main.js; packages stay in node_modules. `npm start` runs it
// without a compiler at run time.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Writes the compiled server to `outfile` (tests build their own copy). */
export async function buildServer(outfile = path.join(root, "dist/server/main.js")) {
  await build({
    entryPoints: [path.join(root, "server/src/main.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    alias: { "@common": path.join(root, "common") },
    sourcemap: true,
    logLevel: "warning",
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
