#!/usr/bin/env node
/**
 * One-way imports on the client (issue 6, item 5), run by `npm run lint`:
 *
 *   app/                 may import anything below
 *   features/<name>/     its own folder, lib/, components/, @common and packages; never another feature or app/
 *   lib/, components/    each other, @common and packages
 *
 * Only tests (`*.test.ts[x]`) import test/. Every import is resolved to a path first, so
 * `@/features/x` and `../../x` are the same import.
 *
 * And one rule on the server (issue 25 §1): a file in server/src/features/<a>/ imports no other
 * feature's folder, except the (file, export) pairs of SERVER_ALLOWED_IMPORTS. What follows a change
 * goes through lib/domain-events.ts; a read of another feature's data goes through that feature's
 * exported read function, named on the list. Tests may compose features.
 *
 * Usage: node scripts/check-imports.mjs                 (client/src and server/src)
 *        node scripts/check-imports.mjs <client root>   (the client rule only)
 *        node scripts/check-imports.mjs --server <root> (the server rule only; --pairs prints today's pairs)
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

/**
 * Feature-to-feature imports on the server that are allowed, as "importing file -> imported file#export"
 * (paths under server/src, without extension). Those marked "to be moved" are today's imports that
 * issue 25 §1 turns into domain events or named read functions: move one, then take its line off.
 * A new import between features fails the lint until it is one of these.
 */
export const SERVER_ALLOWED_IMPORTS = new Set([
  // Read functions (named in CONTRIBUTING.md): reads of another feature's data through its exported read function.
  // The admin dashboard's figures: the next events as the events feature expands them, the kudos waiting.
  "features/admin/admin.service -> features/events/events.service#findUpcoming",
  "features/admin/admin.service -> features/kudos/kudos.service#countPendingKudos",
  // Search finds only what the searcher may see, by each feature's own visibility rule.
  "features/search/search.repo -> features/groups/groups.repo#visibleTo",
  "features/search/search.repo -> features/kudos/kudos.repo#visibleTo",
  "features/search/search.repo -> features/prayer-requests/prayer-requests.repo#visibleTo",
  "features/search/search.repo -> features/sermons/sermons.repo#canSeeDrafts",
  "features/search/search.repo -> features/sermons/sermons.repo#isPublished",
  // The church's Bible reader (its link pattern and translation) for a sermon's passage link.
  "features/sermons/sermons.service -> features/reading/reading.service#findBibleReader",
  // The member's streaks on the stats page, each counted by the feature that owns its rows.
  "features/user/user.service -> features/action-steps/action-steps.service#getActionStepStreakWeeks",
  "features/user/user.service -> features/prayer-partners/prayer-partners.service#getPartnerPrayerStreak",
  "features/user/user.service -> features/reading/reading.service#getReadingStreak",
  // The public page shows the church's upcoming services and dated events as the events feature expands them.
  "features/public-church/public-church.service -> features/events/occurrences.service#findOccurrences",
  "features/public-church/public-church.service -> features/events/services.service#findServices",
  // The weekly digest (issue 29) tells each member only what they may see, and their streaks, by each feature's own rule.
  "features/digest/digest.repo -> features/action-steps/action-steps.service#getActionStepStreakWeeks",
  "features/digest/digest.repo -> features/events/occurrences.service#findOccurrences",
  "features/digest/digest.repo -> features/prayer-partners/prayer-partners.service#getPartnerPrayerStreak",
  "features/digest/digest.repo -> features/prayer-requests/prayer-requests.repo#visibleTo",
  "features/digest/digest.repo -> features/reading/reading.service#getReadingStreak",
  // Church Settings reads the church row and uses the churches feature's slug rule and answer shape (one definition of each).
  "features/settings/settings.service -> features/churches/churches.repo#TChurchRow",
  "features/settings/settings.service -> features/churches/churches.repo#findChurchById",
  "features/settings/settings.service -> features/churches/churches.service#isSlugTaken",
  "features/settings/settings.service -> features/churches/churches.service#isSlugViolation",
  "features/settings/settings.service -> features/churches/churches.service#slugTaken",
  "features/settings/settings.service -> features/churches/churches.service#toChurch",
]);

/** Each feature-to-feature import under a server root, as { pair, where } ("file:line"). */
export function findServerImports(root) {
  const found = [];
  for (const file of listSources(root)) {
    const rel = path.relative(root, file).split(path.sep).join("/");
    const from = layerOf(rel);
    if (!from.startsWith("feature:") || /\.test\.[cm]?[jt]sx?$/.test(rel)) continue;
    const text = readFileSync(file, "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const add = (specifier, names, node) => {
      const target = resolveImport(root, file, specifier);
      if (target.kind !== "source") return;
      const to = layerOf(target.rel);
      if (!to.startsWith("feature:") || to === from) return;
      const targetFile = target.rel.replace(/\.[cm]?[jt]sx?$/, "");
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      for (const name of names)
        found.push({ pair: `${rel.replace(/\.[cm]?[jt]sx?$/, "")} -> ${targetFile}#${name}`, where: `${rel}:${line}` });
    };
    const visit = (node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.importClause;
        const names = [];
        if (clause?.name) names.push("default");
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.push("*");
        if (bindings && ts.isNamedImports(bindings))
          for (const el of bindings.elements) names.push((el.propertyName ?? el.name).text);
        add(node.moduleSpecifier.text, names.length ? names : ["*"], node);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const names =
          node.exportClause && ts.isNamedExports(node.exportClause)
            ? node.exportClause.elements.map((el) => (el.propertyName ?? el.name).text)
            : ["*"];
        add(node.moduleSpecifier.text, names, node);
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        add(node.arguments[0].text, ["*"], node);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The server rule: imports outside `allowed` are violations; allowed pairs no longer used are stale. */
export function findServerViolations(root, allowed = SERVER_ALLOWED_IMPORTS) {
  const found = findServerImports(root);
  const violations = found
    .filter((f) => !allowed.has(f.pair))
    .map(
      (f) =>
        `${f.where}: ${f.pair.split(" -> ")[1]} reaches another feature; publish a domain event (lib/domain-events.ts) ` +
        `or read through that feature's exported read function, listed in SERVER_ALLOWED_IMPORTS (scripts/check-imports.mjs)`,
    );
  const used = new Set(found.map((f) => f.pair));
  const stale = [...allowed].filter((p) => !used.has(p));
  return { violations, stale };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  let failed = 0;
  const checkServer = (root) => {
    const { violations, stale } = findServerViolations(root);
    for (const v of violations) console.error(v);
    // A pair no longer used only warns: take it off the list (another change may have moved it).
    for (const p of stale)
      console.warn(`warning: "${p}" is on SERVER_ALLOWED_IMPORTS but no longer imported; take it off`);
    if (violations.length > 0) {
      console.error(
        `\n${violations.length} import(s) between server features are not on the list (scripts/check-imports.mjs).`,
      );
      failed++;
    } else
      console.log(
        `Server features import each other only through the list in ${path.relative(process.cwd(), root) || "."}.`,
      );
  };
  const checkClient = (root) => {
    const violations = findViolations(root);
    for (const v of violations) console.error(v);
    if (violations.length > 0) {
      console.error(`\n${violations.length} import(s) break the one-way rule (scripts/check-imports.mjs).`);
      failed++;
    } else console.log(`Imports are one-way in ${path.relative(process.cwd(), root) || "."}.`);
  };
  if (args[0] === "--server") {
    const root = path.resolve(args[1] ?? "server/src");
    if (args.includes("--pairs")) {
      const pairs = [...new Set(findServerImports(root).map((f) => f.pair))].sort();
      for (const p of pairs) console.log(`  "${p}",`);
      process.exit(0);
    }
    checkServer(root);
  } else if (args[0]) {
    checkClient(path.resolve(args[0]));
  } else {
    checkClient(path.resolve("client/src"));
    checkServer(path.resolve("server/src"));
  }
  if (failed) process.exit(1);
}
