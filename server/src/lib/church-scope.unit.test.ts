import fs from "node:fs";
import path from "node:path";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { events } from "../db/schema/events";
import { churchRow, inChurch } from "./church-scope";

const dialect = new PgDialect();
const render = (q: Parameters<PgDialect["sqlToQuery"]>[0]) => dialect.sqlToQuery(q);
/** A church condition written by hand instead of with inChurch / churchRow. */
const HAND_WRITTEN = /eq\(\s*\w+\.churchId\s*,|\.churchId\}\s*=\s*\$\{/;

/** Server source files (not tests), relative to server/src. */
function sourceFiles(dir = path.resolve(import.meta.dirname, "..")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "migrations" ? [] : sourceFiles(full);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("the church filter", () => {
  it("scopes to the caller's church and adds the other conditions", () => {
    const q = render(inChurch(events, { churchId: "c1" }, undefined));
    expect(q.sql).toBe('"events"."church_id" = $1');
    expect(q.params).toEqual(["c1"]);
    const row = render(churchRow(events, { churchId: "c1" }, "e1"));
    expect(row.sql).toBe('("events"."church_id" = $1 and "events"."id" = $2)');
    expect(row.params).toEqual(["c1", "e1"]);
  });

  it("is the only way church-owned rows are filtered: no hand-written church condition in the server", () => {
    const offenders = sourceFiles()
      .filter((f) => !f.endsWith(`${path.sep}church-scope.ts`))
      .flatMap((f) =>
        fs
          .readFileSync(f, "utf8")
          .split("\n")
          .map((line, i) => ({ line, at: `${path.relative(process.cwd(), f)}:${i + 1}` }))
          .filter((l) => HAND_WRITTEN.test(l.line))
          .map((l) => `${l.at}: ${l.line.trim()}`),
      );
    expect(offenders, "use inChurch / churchRow from server/src/lib/church-scope.ts").toEqual([]);
  });

  it("the check above would catch a hand-written filter", () => {
    expect(HAND_WRITTEN.test(".where(and(eq(sermons.id, id), eq(sermons.churchId, ctx.churchId)))")).toBe(true);
    expect(HAND_WRITTEN.test(`sql\`where \${users.churchId} = \${ctx.churchId}\``)).toBe(true);
    expect(HAND_WRITTEN.test(".where(churchRow(sermons, ctx, id))")).toBe(false);
  });
});
