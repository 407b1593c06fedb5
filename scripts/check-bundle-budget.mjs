#!/usr/bin/env node
/**
 * What a phone downloads (issue 7, item 2): for every page of the route table
 * (client/src/app/routes.tsx), the JavaScript its first load needs, gzipped (level 9), checked
 * against a budget. Reads the build (`npm run build` first):
 *
 *   the entry and its static imports
 *   + for a signed-in page, the signed-in routes (router.tsx loads them once the session is known)
 *   + the page's lazily loaded module and its static imports
 *
 * Prints the table every time and exits 1 when a page is over its budget.
 * Usage: node scripts/check-bundle-budget.mjs [dist/client]
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "..");
const CLIENT = path.join(ROOT, "client");
const ROUTES_FILE = "src/app/routes.tsx";
/** Lazily loaded by router.tsx for a signed-in visitor: the shell (member, admin) and church setup. */
const SIGNED_IN_MODULE = "src/app/signed-in-routes.tsx";
const SIGNED_IN_ACCESS = new Set(["setup", "member", "admin"]);

/** Bytes, gzipped; 1 KB = 1000 bytes, as Vite prints them. */
export const BUDGETS = [
  // 111 KB since issue 29: the route table (in every first load) grew by four pages and an icon; the
  // table's per-page preload lists are issue 30's to shrink.
  { name: "the signed-out landing page", bytes: 111_000, applies: (r) => r.access === "guest" && r.path === "/" },
  { name: "every other page", bytes: 170_000, applies: () => true },
];

/** `@/x`, `./x` (from src/app) → the manifest's key for the module (`src/x.tsx`). */
function resolveModule(specifier) {
  const base = specifier.startsWith("@/")
    ? path.join(CLIENT, "src", specifier.slice(2))
    : path.resolve(CLIENT, path.dirname(ROUTES_FILE), specifier);
  for (const file of [".tsx", ".ts", "/index.tsx", "/index.ts"].map((ext) => base + ext)) {
    if (existsSync(file) && statSync(file).isFile()) return path.relative(CLIENT, file).split(path.sep).join("/");
  }
  throw new Error(`${ROUTES_FILE}: cannot resolve the page module "${specifier}"`);
}

function jsxTags(node) {
  const tags = [];
  const visit = (n) => {
    if (ts.isJsxSelfClosingElement(n) || ts.isJsxOpeningElement(n)) tags.push(n.tagName.getText());
    ts.forEachChild(n, visit);
  };
  visit(node);
  return tags;
}

function stringProperty(object, name) {
  const prop = object.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === name);
  return prop && ts.isStringLiteral(prop.initializer) ? prop.initializer.text : undefined;
}

/**
 * The route table read from its source: each route's path, access, and the page modules that its
 * `element` (and `adminElement`) load. A lazily loaded page is `const X = lazyPage(() => import("..."))`;
 * a small component such as `SermonRoute` is followed to the lazy pages it draws.
 */
export function readRouteTable(file = path.join(CLIENT, ROUTES_FILE)) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lazyModules = new Map();
  const components = new Map();
  let table;
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
      components.set(statement.name.text, jsxTags(statement.body));
    }
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      if (!ts.isIdentifier(decl.name) || !decl.initializer) continue;
      if (decl.name.text === "ROUTES" && ts.isArrayLiteralExpression(decl.initializer)) table = decl.initializer;
      let specifier;
      const visit = (n) => {
        if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
          const [arg] = n.arguments;
          if (arg && ts.isStringLiteral(arg)) specifier = arg.text;
        }
        ts.forEachChild(n, visit);
      };
      visit(decl.initializer);
      if (specifier) lazyModules.set(decl.name.text, resolveModule(specifier));
    }
  }
  if (!table) throw new Error(`${ROUTES_FILE}: no \`ROUTES\` array found`);

  const modulesOf = (tags, seen = new Set()) => {
    const found = new Set();
    for (const tag of tags) {
      if (seen.has(tag)) continue;
      seen.add(tag);
      if (lazyModules.has(tag)) found.add(lazyModules.get(tag));
      else if (components.has(tag)) for (const m of modulesOf(components.get(tag), seen)) found.add(m);
    }
    return [...found];
  };

  return table.elements.flatMap((element) => {
    if (!ts.isObjectLiteralExpression(element)) return [];
    const route = { path: stringProperty(element, "path"), access: stringProperty(element, "access") };
    const pages = (name) => {
      const prop = element.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === name);
      return prop ? modulesOf(jsxTags(prop.initializer)) : null;
    };
    const rows = [{ ...route, modules: pages("element") ?? [] }];
    const admin = pages("adminElement");
    if (admin) rows.push({ ...route, access: "admin", label: `${route.path} (admin)`, modules: admin });
    for (const row of rows) {
      if (row.modules.length === 0)
        throw new Error(`${ROUTES_FILE}: the route ${row.path} draws no lazily loaded page`);
    }
    return rows;
  });
}

/** The files a module needs before it runs: its own chunk and its static imports, transitively. */
function closure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no "${key}"; is the build up to date?`);
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return files;
}

export function measurePages(distDir) {
  const manifestFile = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) {
    throw new Error(`${path.relative(ROOT, manifestFile)} is missing: run \`npm run build\` first`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error("the build's manifest has no entry");
  const sizes = new Map();
  const gzipSize = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
    return sizes.get(file);
  };

  return readRouteTable().map((route) => {
    const keys = [entry, ...(SIGNED_IN_ACCESS.has(route.access) ? [SIGNED_IN_MODULE] : []), ...route.modules];
    const files = [...closure(manifest, keys)].filter((f) => f.endsWith(".js"));
    const bytes = files.reduce((sum, f) => sum + gzipSize(f), 0);
    const budget = BUDGETS.find((b) => b.applies(route));
    return { ...route, files, sizes: files.map((f) => [f, gzipSize(f)]), bytes, budget };
  });
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const pageName = (modules) => modules.map((m) => path.basename(m).replace(/\.[tj]sx?$/, "")).join(", ");

/** One line per page; routes that load the same files share a line. */
export function formatTable(pages) {
  const groups = [];
  for (const page of pages) {
    const key = `${page.access} ${[...page.files].sort().join(" ")}`;
    const group = groups.find((g) => g.key === key);
    if (group) group.paths.push(page.label ?? page.path);
    else groups.push({ key, paths: [page.label ?? page.path], page });
  }
  const rows = groups.map(({ paths, page }) => [
    paths.length > 3 ? `${paths.slice(0, 2).join(", ")} and ${paths.length - 2} more` : paths.join(", "),
    page.access,
    pageName(page.modules),
    String(page.files.length),
    kb(page.bytes),
    kb(page.budget.bytes),
    page.bytes > page.budget.bytes ? `OVER by ${kb(page.bytes - page.budget.bytes)}` : "ok",
  ]);
  const head = ["Route", "Access", "Page", "Files", "JS gzip", "Budget", "Status"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const right = new Set([3, 4, 5]);
  const line = (cells) =>
    cells
      .map((c, i) => (right.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const distDir = path.resolve(process.argv[2] ?? path.join(ROOT, "dist/client"));
  let pages;
  try {
    pages = measurePages(distDir);
  } catch (error) {
    console.error(`check-bundle-budget: ${error.message}`);
    process.exit(2);
  }
  console.log(`First-load JavaScript per page (gzip -9), from ${path.relative(process.cwd(), distDir) || "."}:\n`);
  console.log(formatTable(pages));
  const over = pages.filter((p) => p.bytes > p.budget.bytes);
  if (over.length > 0) {
    console.error(`\n${over.length} page(s) over budget (scripts/check-bundle-budget.mjs):`);
    for (const p of over) {
      const largest = [...p.sizes]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([f, size]) => `${path.basename(f)} ${kb(size)}`);
      console.error(
        `  ${p.label ?? p.path} (${p.access}): ${kb(p.bytes)} > ${kb(p.budget.bytes)}, the budget for ${p.budget.name}`,
      );
      console.error(`    largest files: ${largest.join(", ")}`);
    }
    process.exit(1);
  }
  console.log(`\nEvery page is within its budget (${BUDGETS.map((b) => `${kb(b.bytes)} for ${b.name}`).join(", ")}).`);
}
