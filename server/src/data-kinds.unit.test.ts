import { readdirSync } from "node:fs";
import path from "node:path";
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { CHURCH_DATA, NOT_EXPORTED } from "./data-kinds";

/** Every table of the schema folder (db/client.ts spreads the same files into its schema). */
async function schemaTables(): Promise<Map<string, PgTable>> {
  const dir = path.join(import.meta.dirname, "db", "schema");
  const tables = new Map<string, PgTable>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    const mod: Record<string, unknown> = await import(path.join(dir, file));
    for (const value of Object.values(mod)) if (is(value, PgTable)) tables.set(getTableName(value), value);
  }
  return tables;
}

const kindTables = () => new Set(CHURCH_DATA.kinds.flatMap((k) => getTableName(k.table)));

describe("the church's data, as the features declare it", () => {
  it("declares every table of the schema as a kind or leaves it out with a reason", async () => {
    const tables = await schemaTables();
    // A sanity check that the folder was read: the export's own tables are among them.
    expect(tables.has("sermons")).toBe(true);
    const declared = kindTables();
    const forgotten = [...tables.keys()].filter((name) => !declared.has(name) && !(name in NOT_EXPORTED));
    expect(forgotten, "tables neither exported nor on NOT_EXPORTED").toEqual([]);
    // Neither list names a table that is not there, nor a table twice.
    expect(Object.keys(NOT_EXPORTED).filter((name) => !tables.has(name))).toEqual([]);
    expect(Object.keys(NOT_EXPORTED).filter((name) => declared.has(name))).toEqual([]);
    for (const reason of Object.values(NOT_EXPORTED)) expect(reason.length).toBeGreaterThan(10);
  });

  it("gives each kind a file of its own, keys among its fields and a member column of its table", () => {
    const files = CHURCH_DATA.kinds.map((k) => k.file);
    expect(new Set(files).size).toBe(files.length);
    expect(files).toHaveLength(41);
    for (const kind of CHURCH_DATA.kinds) {
      expect(kind.file, kind.file).toMatch(/^[a-z-]+\.csv$/);
      for (const key of kind.keys) expect(Object.keys(kind.fields), kind.file).toContain(key);
      if (kind.memberColumn) {
        expect(Object.values(getTableColumns(kind.table)), kind.file).toContain(kind.memberColumn);
      }
    }
  });

  it("lets the anonymous-author rule see every kind whose rows point at a prayer request", () => {
    for (const kind of CHURCH_DATA.kinds) {
      const pointsAtRequest = Object.values(getTableColumns(kind.table)).some(
        (column) => column.name === "request_id" || column.name === "related_id",
      );
      if (pointsAtRequest) expect(kind.requestTie, kind.file).toBeDefined();
      const filters = CHURCH_DATA.rules.map((rule) => rule({ churchId: "c" }, kind)).filter(Boolean);
      expect(filters.length, kind.file).toBe(kind.requestTie ? 1 : 0);
    }
  });
});
