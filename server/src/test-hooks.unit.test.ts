import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The test files and test helpers of the server and the browser tests. */
function testCode(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "migrations" ? [] : testCode(full);
    if (!e.name.endsWith(".ts") || e.name.endsWith(".d.ts")) return [];
    return full.includes(`${path.sep}test${path.sep}`) ||
      full.includes(`${path.sep}e2e${path.sep}`) ||
      e.name.endsWith(".test.ts")
      ? [full]
      : [];
  });
}

/** `describe`, `describe.each(...)`, `describe.skip`: whose callback's hooks vitest keeps. */
const isDescribe = (callee: ts.Expression): boolean =>
  ts.isIdentifier(callee)
    ? callee.text === "describe"
    : (ts.isPropertyAccessExpression(callee) || ts.isCallExpression(callee)) && isDescribe(callee.expression);

/** `afterAll` calls that vitest drops: inside a hook, a test or a helper, not a file's or a describe's body. */
function droppedAfterAlls(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "afterAll") {
      for (let up = node.parent; up && !ts.isSourceFile(up); up = up.parent) {
        if (!ts.isFunctionLike(up)) continue;
        const call = up.parent;
        if (ts.isCallExpression(call) && isDescribe(call.expression)) continue;
        found.push(`${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
        break;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the tests' clean-up", () => {
  it("finds an afterAll that vitest would drop, and leaves a file's or a describe's own", () => {
    const text = `
      afterAll(() => {});
      describe("a", () => { afterAll(() => {}); describe.each([1])("b", () => { afterAll(() => {}); }); });
      beforeAll(async () => { afterAll(() => {}); });
      it("c", () => { afterAll(() => {}); });
      export function helper() { afterAll(() => {}); }`;
    expect(droppedAfterAlls(path.join(ROOT, "x.test.ts"), text)).toEqual(["x.test.ts:4", "x.test.ts:5", "x.test.ts:6"]);
  });

  it("registers what a helper, a hook or a test starts with afterFile(), never an afterAll that is dropped", () => {
    const files = ["server", "e2e"].flatMap((d) => testCode(path.join(ROOT, d)));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => droppedAfterAlls(f, fs.readFileSync(f, "utf8")))).toEqual([]);
  });
});
