#!/usr/bin/env node
/**
 * One-way imports on the client (issue 6, item 5), run by `npm run lint`:
 *
 *   app/                 may import anything below
 *   features/<name>/     its own folder, lib/, components/, @common and packages; never another feature or app/
 *   lib/, components/    each other, @common and packages
 *
 * Only tests (`*.test.ts[x]`) import test/. Every import is resolved to a path first, so
 * `@/features/x` and `../../x` are the same import. Usage: node scripts/check-imports.mjs [client/src]
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const SHARED = ["lib", "components"];

function listSources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listSources(full);
    return /\.(ts|tsx|mts|js|jsx|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** Where an import points: a path inside the source root, "@common", a package, or a path outside. */
function resolveImport(root, fromFile, specifier) {
  if (specifier === "@common" || specifier.startsWith("@common/")) return { kind: "common" };
  if (specifier.startsWith("@/")) return { kind: "source", rel: specifier.slice(2) };
  if (!specifier.startsWith(".")) return { kind: "package" };
  const rel = path
    .relative(root, path.resolve(path.dirname(fromFile), specifier))
    .split(path.sep)
    .join("/");
  return rel.startsWith("../") ? { kind: "outside", rel } : { kind: "source", rel };
}

/** The layer of a path inside the source root: "app", "feature:<name>", "lib", "components", "test" or "root". */
function layerOf(rel) {
  const [top, second] = rel.split("/");
  if (top === "features" && second) return `feature:${second}`;
  if (["app", "lib", "components", "test"].includes(top)) return top;
  return "root";
}

function isAllowed(from, to, isTestFile) {
  if (to === "test") return isTestFile || from === "test";
  if (from === "app" || from === "root" || from === "test") return true;
  if (SHARED.includes(to)) return true;
  return from === to;
}

function describe(layer) {
  return layer.startsWith("feature:") ? `features/${layer.slice(8)}` : `${layer}/`;
}

/** Every forbidden import under `root`, as "file:line: message" strings. */
export function findViolations(root) {
  const violations = [];
  for (const file of listSources(root)) {
    const rel = path.relative(root, file).split(path.sep).join("/");
    const from = layerOf(rel);
    const isTestFile = /\.test\.[cm]?[jt]sx?$/.test(rel);
    const text = readFileSync(file, "utf8");
    for (const { fileName, pos } of ts.preProcessFile(text, true, true).importedFiles) {
      const target = resolveImport(root, file, fileName);
      const line = text.slice(0, pos).split("\n").length;
      if (target.kind === "outside") {
        violations.push(`${rel}:${line}: "${fileName}" leaves the client; share code through @common`);
        continue;
      }
      if (target.kind !== "source") continue;
      const to = layerOf(target.rel);
      if (isAllowed(from, to, isTestFile)) continue;
      const rule =
        to === "test"
          ? "only tests import test/"
          : from.startsWith("feature:")
            ? `${describe(from)} imports only its own folder, lib/, components/ and @common (compose features in app/)`
            : `${describe(from)} imports only lib/, components/ and @common`;
      violations.push(`${rel}:${line}: "${fileName}" reaches ${describe(to)}; ${rule}`);
    }
  }
  return violations;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(process.argv[2] ?? "client/src");
  const violations = findViolations(root);
  for (const v of violations) console.error(v);
  if (violations.length > 0) {
    console.error(`\n${violations.length} import(s) break the one-way rule (scripts/check-imports.mjs).`);
    process.exit(1);
  }
  console.log(`Imports are one-way in ${path.relative(process.cwd(), root) || "."}.`);
}
