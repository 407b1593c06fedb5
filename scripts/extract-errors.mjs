// Collects every sentence the server can answer an error with into common/locales/en/errors.json
// (issue 26): the English is its own key there, and every other language's errors.json translates it.
// - server: badRequest / notFound / forbidden / conflict / new AppError(...) with a string, or a
//   msg`...` template (its ${} become {0}, {1}...), and the error handler's say("...");
// - common: the messages of the shared zod schemas (a string argument of a schema method, or an
//   `error` / `message` property), templates included when their parts are constants.
// `node scripts/extract-errors.mjs` writes the file (keeping its order, new sentences at the end);
// `--check` fails when a sentence is missing (run in .ci/run).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(root, "common/locales/en/errors.json");
const ERROR_CALLS = new Set(["badRequest", "notFound", "forbidden", "conflict", "say"]);

function listFiles(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath ?? e.path, e.name));
}

const files = [...listFiles(path.join(root, "server/src")), ...listFiles(path.join(root, "common"))];
const program = ts.createProgram(files, {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  resolveJsonModule: true,
  strict: true,
  noEmit: true,
  baseUrl: root,
  paths: { "@common/*": ["common/*"] },
});
const checker = program.getTypeChecker();
const found = new Set();

/** The English of a template whose parts are constants (their types are literals), else null. */
function constantTemplate(node) {
  let text = node.head.text;
  for (const span of node.templateSpans) {
    const type = checker.getTypeAtLocation(span.expression);
    if (!type.isLiteral()) return null;
    text += String(type.value) + span.literal.text;
  }
  return text;
}

/** Every call in the program, by the symbol it calls (for helpers whose parameters fill a sentence). */
let callsBySymbol;
function callsOf(symbol) {
  if (!callsBySymbol) {
    callsBySymbol = new Map();
    for (const file of program.getSourceFiles()) {
      if (file.isDeclarationFile) continue;
      const visit = (n) => {
        if (ts.isCallExpression(n)) {
          let s = checker.getSymbolAtLocation(n.expression);
          if (s && s.flags & ts.SymbolFlags.Alias) s = checker.getAliasedSymbol(s);
          if (s) callsBySymbol.set(s, [...(callsBySymbol.get(s) ?? []), n]);
        }
        ts.forEachChild(n, visit);
      };
      visit(file);
    }
  }
  return callsBySymbol.get(symbol) ?? [];
}

/**
 * The sentences of a template filled by a helper's parameters (`${label} is required` in
 * `requiredText(max, label)`): one per call of the helper whose arguments are constants.
 */
function helperTemplates(node) {
  let fn = node.parent;
  while (fn && !ts.isArrowFunction(fn) && !ts.isFunctionDeclaration(fn)) fn = fn.parent;
  if (!fn) return [];
  const name = ts.isArrowFunction(fn) ? (ts.isVariableDeclaration(fn.parent) ? fn.parent.name : null) : fn.name;
  const helper = name && checker.getSymbolAtLocation(name);
  if (!helper) return [];
  const sentences = [];
  for (const call of callsOf(helper)) {
    let text = node.head.text;
    for (const span of node.templateSpans) {
      let type = checker.getTypeAtLocation(span.expression);
      const symbol = checker.getSymbolAtLocation(span.expression);
      const param = symbol?.valueDeclaration;
      if (param && ts.isParameter(param) && param.parent === fn) {
        const arg = call.arguments[fn.parameters.indexOf(param)];
        if (!arg) {
          text = null;
          break;
        }
        type = checker.getTypeAtLocation(arg);
      }
      if (!type.isLiteral()) {
        text = null;
        break;
      }
      text += String(type.value) + span.literal.text;
    }
    if (text) sentences.push(text);
  }
  return sentences;
}

/** msg`a ${x} b` → "a {0} b". */
function msgKey(template) {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
  return template.templateSpans.reduce((acc, span, i) => `${acc}{${i}}${span.literal.text}`, template.head.text);
}

function addSentence(node, seen = new Set()) {
  if (!node || seen.has(node)) return;
  seen.add(node);
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return addSentence(node.expression, seen);
  if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) return addNamed(node, seen);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.add(node.text);
  else if (ts.isTemplateExpression(node)) {
    const text = constantTemplate(node);
    if (text) found.add(text);
    else for (const sentence of helperTemplates(node)) found.add(sentence);
  } else if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === "msg") found.add(msgKey(node.template));
  else if (ts.isConditionalExpression(node)) {
    addSentence(node.whenTrue, seen);
    addSentence(node.whenFalse, seen);
  }
}

/**
 * A sentence given by name: a constant (`throw notFound(NOT_FOUND)`, `SIGN_IN_ERRORS.expired`), or
 * the parameter of a local helper (`const refuse = (why) => badRequest(why)`): then every call of
 * the helper in the file gives its sentence.
 */
function addNamed(node, seen) {
  const type = checker.getTypeAtLocation(node);
  const literals = type.isUnion() ? type.types : [type];
  if (literals.every((t) => t.isStringLiteral())) {
    for (const t of literals) found.add(t.value);
    return;
  }
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const decl = symbol?.valueDeclaration;
  if (!decl) return;
  if ((ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl)) && decl.initializer)
    return addSentence(decl.initializer, seen);
  if (ts.isParameter(decl) && ts.isArrowFunction(decl.parent) && ts.isVariableDeclaration(decl.parent.parent)) {
    const index = decl.parent.parameters.indexOf(decl);
    const helper = checker.getSymbolAtLocation(decl.parent.parent.name);
    const visit = (n) => {
      if (
        ts.isCallExpression(n) &&
        ts.isIdentifier(n.expression) &&
        checker.getSymbolAtLocation(n.expression) === helper
      )
        addSentence(n.arguments[index], seen);
      ts.forEachChild(n, visit);
    };
    visit(decl.getSourceFile());
  }
}

/** Calls that take an error sentence as an option: `enforceHourlyLimit(db, { message: ... })`. */
const MESSAGE_OPTION_CALLS = new Set(["enforceHourlyLimit"]);

const calleeName = (call) =>
  ts.isIdentifier(call.expression)
    ? call.expression.text
    : ts.isPropertyAccessExpression(call.expression)
      ? call.expression.name.text
      : "";

/** Whether a call is part of a zod schema: its chain starts at `z.`. */
function isSchemaCall(call) {
  let e = call.expression;
  while (e) {
    if (ts.isIdentifier(e)) return e.text === "z";
    if (ts.isPropertyAccessExpression(e)) e = e.expression;
    else if (ts.isCallExpression(e)) e = e.expression;
    else return false;
  }
  return false;
}

const looksLikeSentence = (s) => /^[A-Z"“]/.test(s) && /\s/.test(s);

for (const file of program.getSourceFiles()) {
  const name = path.relative(root, file.fileName);
  if (!name.startsWith("server/src") && !name.startsWith("common")) continue;
  const inCommon = name.startsWith("common");
  const visit = (node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === "msg") found.add(msgKey(node.template));
    if (ts.isCallExpression(node)) {
      const callee = calleeName(node);
      if (!inCommon && ERROR_CALLS.has(callee)) addSentence(node.arguments[0]);
      if (inCommon && isSchemaCall(node))
        for (const arg of node.arguments) {
          if (ts.isStringLiteral(arg) || ts.isTemplateExpression(arg)) {
            const before = found.size;
            addSentence(arg);
            if (found.size > before && !looksLikeSentence([...found].at(-1))) found.delete([...found].at(-1));
          }
        }
    }
    if (ts.isNewExpression(node) && node.expression.getText() === "AppError") addSentence(node.arguments?.[1]);
    if (
      ts.isPropertyAssignment(node) &&
      ["message", "error"].includes(node.name.getText()) &&
      (inCommon || isInAppError(node) || isMessageOption(node))
    ) {
      const before = found.size;
      addSentence(node.initializer);
      if (found.size > before && !looksLikeSentence([...found].at(-1))) found.delete([...found].at(-1));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

function isMessageOption(node) {
  const call = node.parent?.parent;
  return !!call && ts.isCallExpression(call) && MESSAGE_OPTION_CALLS.has(calleeName(call));
}

function isInAppError(node) {
  for (let p = node.parent; p; p = p.parent) {
    if (ts.isNewExpression(p) && p.expression.getText() === "AppError") return true;
    if (ts.isFunctionLike(p)) return false;
  }
  return false;
}

const current = fs.existsSync(OUT) ? JSON.parse(fs.readFileSync(OUT, "utf8")) : {};
const missing = [...found].filter((s) => !Object.hasOwn(current, s)).sort();
if (process.argv.includes("--check")) {
  if (missing.length) {
    console.error(
      `common/locales/en/errors.json lacks ${missing.length} error sentence(s) the server can answer; run node scripts/extract-errors.mjs and translate them:\n${missing.map((m) => `  ${m}`).join("\n")}`,
    );
    process.exit(1);
  }
  console.log(`errors.json holds all ${found.size} error sentences`);
} else {
  const next = { ...current };
  for (const s of missing) next[s] = s.replace(/'/g, "'");
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`${missing.length} new sentence(s); ${Object.keys(next).length} in errors.json`);
}
