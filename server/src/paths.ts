import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's folder, found from this module's place: the server runs from its sources in
 * development and tests (server/src) and from its build with `npm start` (dist/server/main.js).
 */
function findRoot(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json")) && fs.existsSync(path.join(dir, "server"))) return dir;
  }
  throw new Error(`Could not find the Fellowship folder above ${from}`);
}

export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
/** The built client (`vite build`). */
export const CLIENT_DIR = path.join(ROOT, "dist/client");
/** The SQL migrations, read from the sources in every mode. */
export const MIGRATIONS_DIR = path.join(ROOT, "server/src/db/migrations");
