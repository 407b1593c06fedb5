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

/** msg`a ${x} b` → "a {0} b". */
function msgKey(template) {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
  return template.templateSpans.reduce((acc, span, i) => `${acc}{${i}}${span.literal.text}`, template.head.text);
}

function addSentence(node) {
  if (!node) return;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.add(node.text);
  else if (ts.isTemplateExpression(node)) {
    const text = constantTemplate(node);
    if (text) found.add(text);
  } else if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === "msg") found.add(msgKey(node.template));
  else if (ts.isConditionalExpression(node)) {
    addSentence(node.whenTrue);
    addSentence(node.whenFalse);
  }
}

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
      (inCommon || isInAppError(node))
    ) {
      const before = found.size;
      addSentence(node.initializer);
      if (found.size > before && !looksLikeSentence([...found].at(-1))) found.delete([...found].at(-1));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
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
