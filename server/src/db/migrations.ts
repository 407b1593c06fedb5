import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";
import { MIGRATIONS_DIR } from "../paths";
import { StartupError } from "./ensure-database";

/**
 * The app's schema migrations (drizzle-kit's SQL files and journal in server/src/db/migrations),
 * applied by our own runner instead of drizzle's, in the same bookkeeping table
 * (`drizzle.__drizzle_migrations`: hash, created_at = the journal's `when`), so that:
 *
 * - a migration that fails rolls back with every other migration of the same start (one
 *   transaction), and the operator is told which one failed and that nothing changed;
 * - a database that a newer release migrated (a row this release does not know) is refused instead of
 *   served by code that does not know its schema;
 * - a restore can stop at a given migration, load rows, then apply the rest (issue 15).
 */

export type TMigration = { tag: string; when: number; hash: string; statements: string[] };

type TJournal = { entries: { tag: string; when: number }[] };

export function readMigrations(dir = MIGRATIONS_DIR): TMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as TJournal;
  return journal.entries.map(({ tag, when }) => {
    const text = fs.readFileSync(path.join(dir, `${tag}.sql`), "utf8");
    return {
      tag,
      when,
      hash: crypto.createHash("sha256").update(text).digest("hex"),
      statements: text.split("--> statement-breakpoint"),
    };
  });
}

type TApplied = { hash: string; createdAt: number };

async function readApplied(client: pg.ClientBase): Promise<TApplied[]> {
  const exists = await client.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations') as t`);
  if (!exists.rows[0].t) return [];
  const res = await client.query<{ hash: string; created_at: string }>(
    "select hash, created_at::text from drizzle.__drizzle_migrations order by created_at",
  );
  return res.rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}

export type TMigrationState = {
  /** Migrations of this release not yet applied, oldest first. */
  pending: TMigration[];
  /** The newest applied migration this release knows, if any. */
  last: TMigration | undefined;
};

/**
 * What the database has applied, measured against this release's migrations. Throws a
 * StartupError when the database holds a migration this release does not know: it was upgraded by
 * a newer release, and this one would misread its rows.
 */
export async function getMigrationState(
  client: pg.ClientBase,
  migrations = readMigrations(),
): Promise<TMigrationState> {
  const applied = await readApplied(client);
  const known = new Set(migrations.map((m) => m.when));
  const unknown = applied.filter((a) => !known.has(a.createdAt));
  const newest = migrations.at(-1);
  if (unknown.some((a) => !newest || a.createdAt > newest.when)) {
    throw new StartupError(
      `This database was upgraded by a newer release of Fellowship: it has ${unknown.length} migration(s) this release does not know (this release's newest is ${newest?.tag ?? "none"}). Run the newer release, or restore a backup made before the upgrade. Nothing was changed.`,
    );
  }
  // As drizzle decides: everything newer than the newest applied row is pending.
  const lastAt = applied.at(-1)?.createdAt ?? -1;
  return {
    pending: migrations.filter((m) => m.when > lastAt),
    last: migrations.filter((m) => m.when <= lastAt).at(-1),
  };
}

/**
 * Applies the pending migrations (up to and including `upTo` when given) in one transaction. On a
 * failure everything of this run is rolled back and a StartupError names the migration.
 */
export async function applyMigrations(
  client: pg.ClientBase,
  opts: { upTo?: string; migrations?: TMigration[] } = {},
): Promise<string[]> {
  const migrations = opts.migrations ?? readMigrations();
  if (opts.upTo && !migrations.some((m) => m.tag === opts.upTo))
    throw new StartupError(`There is no migration ${opts.upTo} in this release.`);
  const { pending } = await getMigrationState(client, migrations);
  const end = opts.upTo ? migrations.findIndex((m) => m.tag === opts.upTo) : migrations.length - 1;
  const todo = pending.filter((m) => migrations.indexOf(m) <= end);
  if (todo.length === 0) return [];
  await client.query("begin");
  let current: TMigration | undefined;
  try {
    await client.query("create schema if not exists drizzle");
    await client.query(
      "create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)",
    );
    for (const m of todo) {
      current = m;
      for (const statement of m.statements) if (statement.trim()) await client.query(statement);
      await client.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [
        m.hash,
        m.when,
      ]);
    }
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    const reason = err instanceof Error ? err.message : String(err);
    const others = todo.length > 1 ? ` with the ${todo.length - 1} other migration(s) of this start` : "";
    throw new StartupError(
      `Migration ${current?.tag ?? "setup"} failed: ${reason}. It was rolled back${others}: the database is as it was before this start. Fix the cause (or restore a backup), then start again.`,
    );
  }
  return todo.map((m) => m.tag);
}
