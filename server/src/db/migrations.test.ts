import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createEmptyTestDb, createTestDb } from "../../test/db";
import { migrateDb } from "./client";
import { StartupError } from "./ensure-database";
import { applyMigrations, getMigrationState, readMigrations, type TMigration } from "./migrations";

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const tableExists = (c: pg.Client, name: string) =>
  c.query<{ t: string | null }>("select to_regclass($1) as t", [name]).then((r) => r.rows[0].t !== null);

const migrations = readMigrations();
const last = migrations[migrations.length - 1];

describe("migrations", () => {
  it("an empty database gets every migration; a second run applies none", async () => {
    const t = await createEmptyTestDb();
    drops.push(t.drop);
    await migrateDb(t.db);
    await withClient(t.url, async (c) => {
      const state = await getMigrationState(c);
      expect(state.pending).toEqual([]);
      expect(state.last?.tag).toBe(last.tag);
      expect(await applyMigrations(c)).toEqual([]);
      const rows = await c.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      expect(rows.rows[0].n).toBe(migrations.length);
    });
  });

  it("stops at a named migration and applies the rest later, as a restore does", async () => {
    const t = await createEmptyTestDb();
    drops.push(t.drop);
    const middle = migrations[3];
    await withClient(t.url, async (c) => {
      expect(await applyMigrations(c, { upTo: middle.tag })).toEqual(migrations.slice(0, 4).map((m) => m.tag));
      const state = await getMigrationState(c);
      expect(state.last?.tag).toBe(middle.tag);
      expect(state.pending.map((m) => m.tag)).toEqual(migrations.slice(4).map((m) => m.tag));
      await expect(applyMigrations(c, { upTo: "9999_nothing" })).rejects.toThrow("There is no migration 9999_nothing");
    });
  });

  it("a failing migration rolls back whole, with the others of the same start, and is named", async () => {
    const t = await createEmptyTestDb();
    drops.push(t.drop);
    const broken: TMigration = {
      tag: "9000_broken",
      when: last.when + 1000,
      hash: "broken",
      statements: ["create table half_done (id int)", "alter table no_such_table add column x int"],
    };
    await withClient(t.url, async (c) => {
      await applyMigrations(c, { upTo: migrations[1].tag });
      const err = await applyMigrations(c, { migrations: [...migrations, broken] }).catch((e) => e);
      expect(err).toBeInstanceOf(StartupError);
      expect(err.message).toContain("Migration 9000_broken failed");
      expect(err.message).toContain('relation "no_such_table" does not exist');
      expect(err.message).toContain(`with the ${migrations.length - 2} other migration(s) of this start`);
      // Nothing of this start stayed: not the broken one's first table, not the good ones before it.
      expect(await tableExists(c, "half_done")).toBe(false);
      expect((await getMigrationState(c)).last?.tag).toBe(migrations[1].tag);
      expect(await tableExists(c, "integrations")).toBe(false);
    });
  });

  it("a database upgraded by a newer release is refused before anything is touched", async () => {
    const t = await createTestDb();
    drops.push(t.drop);
    await withClient(t.url, async (c) => {
      await c.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', $1)", [
        last.when + 60_000,
      ]);
      await c.query("drop schema graphile_worker cascade");
    });
    const err = await migrateDb(t.db).catch((e) => e);
    expect(err).toBeInstanceOf(StartupError);
    expect(err.message).toContain("upgraded by a newer release of Fellowship");
    expect(err.message).toContain(last.tag);
    // The job queue's schema was not installed again: the refusal came first.
    await withClient(t.url, async (c) => expect(await tableExists(c, "graphile_worker.migrations")).toBe(false));
  });
});
