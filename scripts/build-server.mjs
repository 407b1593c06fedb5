// Compiles the server (server/src/main.ts and what it imports from server/ and common/) into one
// plain JavaScript file, dist/server/main.js; packages stay in node_modules. `npm start` runs it
// without a compiler at run time.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Writes the compiled server to `outdir` (tests build their own copy): main.js, and the app in chunks
 * of its own that main.js loads while PostgreSQL starts.
 */
export async function buildServer(outdir = path.join(root, "dist/server")) {
  await build({
    entryPoints: { main: path.join(root, "server/src/main.ts") },
    outdir,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
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
