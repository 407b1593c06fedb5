import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  killLeftoverPostgres,
  postgresIds,
  postmasterPid,
  socketInodes,
  startOldStyleServer,
  tcpListeners,
  tryQuery,
} from "../../test/embedded-probe";
import { createDb, migrateDb } from "./client";
import { startEmbeddedPostgres } from "./embedded";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-upgrade-"));
const olderMigrations = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-migrations-"));
afterAll(() => {
  killLeftoverPostgres(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(olderMigrations, { recursive: true, force: true });
});

/**
 * The committed migrations up to 0004, as an install of that time (the earlier embedded PostgreSQL)
 * applied them; every later one runs at the upgrade. Not "all but the last": a later migration may
 * add a required column (0013's churches.slug) that this test's plain insert cannot fill.
 */
function writeOlderMigrations(): string {
  const source = path.resolve("server/src/db/migrations");
  const journal = JSON.parse(fs.readFileSync(path.join(source, "meta", "_journal.json"), "utf8"));
  journal.entries = journal.entries.slice(0, 5);
  fs.mkdirSync(path.join(olderMigrations, "meta"));
  fs.writeFileSync(path.join(olderMigrations, "meta", "_journal.json"), JSON.stringify(journal));
  for (const { tag } of journal.entries)
    fs.copyFileSync(path.join(source, `${tag}.sql`), path.join(olderMigrations, `${tag}.sql`));
  return olderMigrations;
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

describe("a data directory made by the earlier embedded PostgreSQL", () => {
  it("upgrades in place at the next start: data kept, owned by the app's role, old password and TCP gone", async () => {
    // The old way: superuser postgres/fellowship on 127.0.0.1, everything owned by postgres.
    const old = await startOldStyleServer(dir);
    try {
      // The probe sees the old server's TCP listener, so its silence later means something.
      const held = socketInodes(postmasterPid(dir));
      expect(tcpListeners().some((l) => held.has(l.inode) && l.port === old.port)).toBe(true);
      await withClient(old.url("postgres"), (c) => c.query("create database fellowship"));
      await withClient(old.url("fellowship"), async (c) => {
        await migrate(drizzle(c), { migrationsFolder: writeOlderMigrations() });
        await c.query(`insert into churches (name, time_zone) values ('Grace Chapel', 'UTC');
          create table kept (id serial primary key, v text); insert into kept (v) values ('still here');
          create view kept_view as select v from kept;
          create type mood as enum ('calm');
          create function hello() returns text language sql as 'select ''hi''';
          create table drizzle.notes (v text)`);
      });
    } finally {
      await old.stop();
    }

    const embedded = await startEmbeddedPostgres(dir);
    try {
      // The migration written after the old install (ALTER TABLE, DROP/CREATE INDEX, foreign keys)
      // runs as the app's role, now the owner.
      const db = createDb(embedded.url, { max: 1 });
      try {
        await migrateDb(db);
      } finally {
        await db.$client.end();
      }
      await withClient(embedded.url, async (c) => {
        expect((await c.query("select current_user as u")).rows).toEqual([{ u: "fellowship_app" }]);
        expect((await c.query("select v from kept")).rows).toEqual([{ v: "still here" }]);
        // Migration 0013 gave the church its public address, made from its name.
        expect((await c.query("select name, slug from churches")).rows).toEqual([
          { name: "Grace Chapel", slug: "grace-chapel" },
        ]);
        expect((await c.query("select count(*)::int as n from invitation_sends")).rows).toEqual([{ n: 0 }]);
        expect((await c.query("select hello() as h")).rows).toEqual([{ h: "hi" }]);
        const notOwned = await c.query(
          `select c.relname as name, pg_get_userbyid(c.relowner) as owner from pg_class c
             join pg_namespace n on n.oid = c.relnamespace
            where n.nspname in ('public', 'drizzle') and c.relowner <> current_user::regrole
           union all select t.typname, pg_get_userbyid(t.typowner) from pg_type t
             join pg_namespace n on n.oid = t.typnamespace
            where n.nspname in ('public', 'drizzle') and t.typowner <> current_user::regrole
           union all select p.proname, pg_get_userbyid(p.proowner) from pg_proc p
             join pg_namespace n on n.oid = p.pronamespace
            where n.nspname in ('public', 'drizzle') and p.proowner <> current_user::regrole
           union all select nspname, pg_get_userbyid(nspowner) from pg_namespace
            where nspname = 'drizzle' and nspowner <> current_user::regrole
           union all select datname, pg_get_userbyid(datdba) from pg_database
            where datname = current_database() and datdba <> current_user::regrole`,
        );
        expect(notOwned.rows).toEqual([]);
        expect(
          (await c.query("select rolsuper, rolcreaterole from pg_roles where rolname = current_user")).rows,
        ).toEqual([{ rolsuper: false, rolcreaterole: false }]);
      });

      const socket = { host: path.join(dir, "run"), port: 5432 };
      await expect(
        tryQuery({ ...socket, user: "postgres", password: "fellowship", database: "postgres" }, "select 1"),
      ).rejects.toMatchObject({ code: "28P01" });
      await expect(
        tryQuery({ host: "127.0.0.1", port: old.port, user: "postgres", password: "fellowship" }, "select 1"),
      ).rejects.toThrow();
      const held = socketInodes(postmasterPid(dir));
      expect(tcpListeners().filter((l) => held.has(l.inode))).toEqual([]);
      expect(fs.statSync(path.join(dir, "run")).mode & 0o777).toBe(0o700);
      // DATA_DIR, which the old code handed to PostgreSQL's user, belongs to the app's user again.
      if (postgresIds()) expect(fs.statSync(dir).uid).toBe(process.getuid?.());
    } finally {
      await embedded.stop();
    }

    // A second start finds everything in order and changes nothing.
    const again = await startEmbeddedPostgres(dir);
    try {
      expect(await tryQuery({ connectionString: again.url }, "select v from kept")).toEqual([{ v: "still here" }]);
    } finally {
      await again.stop();
    }
  }, 180_000);
});
