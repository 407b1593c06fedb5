// The languages' checks (issue 26), run in .ci/run:
// 1. every shipped language (common/i18n/locales.ts LANGUAGES) has its folder in common/locales, and
//    no folder is there that is not shipped;
// 2. every catalogue of every language has exactly the English keys, each message with the same ICU
//    arguments (names, plural/select kinds) and the same <0>…</0> tags, and parses;
// 3. no user-visible English is typed into the client's JSX (text between tags, or a label, title,
//    placeholder or alt attribute given as a string): it comes from a catalogue. Proper names and
//    symbols are allowed (scripts/i18n-allow.json `words`); files not yet translated are listed there
//    (`untranslated`), and the list may only shrink: a listed file that has no English left fails too.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "@messageformat/parser";
import ts from "typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LOCALES = path.join(root, "common/locales");
const problems = [];

// 1. Folders and LANGUAGES.
const localesSource = fs.readFileSync(path.join(root, "common/i18n/locales.ts"), "utf8");
const languages = JSON.parse(
  /export const LANGUAGES = (\[[^\]]*\])/.exec(localesSource)?.[1].replace(/,\s*\]/, "]") ?? "[]",
);
const folders = fs.readdirSync(LOCALES).filter((f) => fs.statSync(path.join(LOCALES, f)).isDirectory());
for (const l of languages)
  if (!folders.includes(l)) problems.push(`common/locales/${l}/ is missing (LANGUAGES ships ${l})`);
for (const f of folders) if (!languages.includes(f)) problems.push(`common/locales/${f}/ is not in LANGUAGES`);

// 2. Catalogues.
/** What a message must keep in every language: its arguments with their kinds, and its tags. */
function shape(message) {
  const args = new Set();
  const walk = (tokens) => {
    for (const t of tokens) {
      if (t.type === "argument") args.add(`${t.arg}`);
      else if (t.type === "function") args.add(`${t.arg}:${t.key}`);
      else if (t.type === "plural" || t.type === "selectordinal") {
        args.add(`${t.arg}:${t.type}`);
        for (const c of t.cases) walk(c.tokens);
      } else if (t.type === "select") {
        args.add(
          `${t.arg}:select:${t.cases
            .map((c) => c.key)
            .sort()
            .join("|")}`,
        );
        for (const c of t.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  const tags = [...message.matchAll(/<\/?(\d+)\/?>/g)].map((m) => m[0]).sort();
  return [...[...args].sort(), ...tags].join(", ");
}

const enDir = path.join(LOCALES, "en");
const namespaces = fs.readdirSync(enDir).filter((f) => f.endsWith(".json"));
let messages = 0;
for (const file of namespaces) {
  const en = JSON.parse(fs.readFileSync(path.join(enDir, file), "utf8"));
  const shapes = {};
  for (const [key, message] of Object.entries(en)) {
    try {
      shapes[key] = shape(message);
      messages++;
    } catch (err) {
      problems.push(`en/${file} "${key}" does not parse: ${err.message}`);
    }
  }
  for (const language of languages.filter((l) => l !== "en")) {
    const other = path.join(LOCALES, language, file);
    if (!fs.existsSync(other)) {
      problems.push(`${language}/${file} is missing`);
      continue;
    }
    const translated = JSON.parse(fs.readFileSync(other, "utf8"));
    for (const key of Object.keys(en)) {
      if (!Object.hasOwn(translated, key)) problems.push(`${language}/${file} lacks "${key}"`);
      else if (typeof translated[key] !== "string" || !translated[key].trim())
        problems.push(`${language}/${file} "${key}" is empty`);
      else {
        try {
          const s = shape(translated[key]);
          if (shapes[key] !== undefined && s !== shapes[key])
            problems.push(`${language}/${file} "${key}" takes {${s}}, English takes {${shapes[key]}}`);
        } catch (err) {
          problems.push(`${language}/${file} "${key}" does not parse: ${err.message}`);
        }
      }
    }
    for (const key of Object.keys(translated))
      if (!Object.hasOwn(en, key)) problems.push(`${language}/${file} has "${key}", which English does not`);
  }
}
for (const language of languages.filter((l) => l !== "en")) {
  const dir = path.join(LOCALES, language);
  if (!fs.existsSync(dir)) continue;
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".json")))
    if (!namespaces.includes(f)) problems.push(`${language}/${f} has no English catalogue`);
}

// 3. No English typed into the client's JSX.
const allow = JSON.parse(fs.readFileSync(path.join(root, "scripts/i18n-allow.json"), "utf8"));
const allowedWords = new Set(allow.words);
const untranslated = new Set(allow.untranslated);
const VISIBLE_ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt", "label", "aria-description"]);
const isWords = (text) => {
  const t = text.replace(/\s+/g, " ").trim();
  // A web address (an example in a placeholder) is not English.
  return /\p{L}{2,}/u.test(t) && !allowedWords.has(t) && !/^https?:\/\//.test(t);
};

function clientFiles(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts"))
    .map((e) => path.relative(root, path.join(e.parentPath ?? e.path, e.name)));
}

let hardCoded = 0;
for (const file of clientFiles(path.join(root, "client/src"))) {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(path.join(root, file), "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found = [];
  const visit = (node) => {
    if (ts.isJsxText(node) && isWords(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression
          : null;
      if (literal && isWords(literal.text)) found.push(literal.text);
    }
    // A toast's words, and a page's title.
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText();
      if (["toast", "toastApiError"].includes(callee))
        for (const arg of node.arguments)
          if (ts.isObjectLiteralExpression(arg))
            for (const p of arg.properties)
              if (
                ts.isPropertyAssignment(p) &&
                ["title", "description"].includes(p.name.getText()) &&
                ts.isStringLiteralLike(p.initializer) &&
                isWords(p.initializer.text)
              )
                found.push(p.initializer.text);
      if (
        callee === "useDocumentTitle" &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0]) &&
        isWords(node.arguments[0].text)
      )
        found.push(node.arguments[0].text);
    }
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isStringLiteralLike(node.expression) &&
      ts.isJsxElement(node.parent) &&
      isWords(node.expression.text)
    )
      found.push(node.expression.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (untranslated.has(file)) {
    hardCoded += found.length;
    if (found.length === 0)
      problems.push(`${file} has no English left: take it off scripts/i18n-allow.json "untranslated"`);
  } else if (found.length) {
    problems.push(
      `${file} types English into its JSX (use its catalogue): ${found
        .slice(0, 5)
        .map((f) => JSON.stringify(f))
        .join(", ")}`,
    );
  }
}
for (const file of untranslated)
  if (!fs.existsSync(path.join(root, file)))
    problems.push(`scripts/i18n-allow.json lists ${file}, which does not exist`);

if (problems.length) {
  console.error(`Languages: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(
  `Languages: ${languages.length} languages, ${namespaces.length} catalogues, ${messages} English messages, all translated with the same arguments; ${untranslated.size} client files still to translate (${hardCoded} strings)`,
);
