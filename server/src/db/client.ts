import { drizzle, type NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import type { PgDatabase } from "drizzle-orm/pg-core";
import pg from "pg";
import { migrateJobs } from "../lib/jobs";
import { applyMigrations, getMigrationState } from "./migrations";
import * as admin from "./schema/admin";
import * as announcements from "./schema/announcements";
import * as audit from "./schema/audit";
import * as auth from "./schema/auth";
import * as churches from "./schema/churches";
import * as community from "./schema/community";
import * as digest from "./schema/digest";
import * as events from "./schema/events";
import * as groups from "./schema/groups";
import * as growth from "./schema/growth";
import * as highlights from "./schema/highlights";
import * as integrations from "./schema/integrations";
import * as invitations from "./schema/invitations";
import * as live from "./schema/live";
import * as points from "./schema/points";
import * as prayer from "./schema/prayer";
import * as sermons from "./schema/sermons";
import * as users from "./schema/users";

/** Every table, one file per feature in schema/ (drizzle.config.ts reads the same folder). */
const schema = {
  ...churches,
  ...users,
  ...auth,
  ...invitations,
  ...admin,
  ...audit,
  ...sermons,
  ...highlights,
  ...points,
  ...prayer,
  ...events,
  ...growth,
  ...live,
  ...community,
  ...integrations,
  ...groups,
  ...announcements,
  ...digest,
};

/** A database handle or an open transaction: every repository function accepts either. */
export type TDb = PgDatabase<NodePgQueryResultHKT, typeof schema>;
/**
 * The pool-backed handle the app holds. `$client` may reach PostgreSQL through a pooler in transaction
 * mode (DATABASE_URL), where each transaction may run on a different server connection: requests keep
 * no session state (no LISTEN, no session advisory lock, no `set` outside `set local`, no named
 * prepared statement). `$direct` is how to reach PostgreSQL itself, for what needs a session of its
 * own: the cache bus's LISTEN, the job queue's connections, migrations, backups.
 */
export type TRootDb = TDb & { $client: pg.Pool; $direct: pg.ClientConfig };

// Any constant works; it only has to be the same in every app process.
const MIGRATION_LOCK_ID = 724_017_001;

/**
 * The app's pool on `connectionString`; `directUrl` (DATABASE_DIRECT_URL) when that goes through a
 * transaction pooler, else the same address serves for sessions too.
 */
export function createDb(connectionString: string, opts: { max?: number; directUrl?: string } = {}): TRootDb {
  const pool = new pg.Pool({ connectionString, max: opts.max ?? 10, idleTimeoutMillis: 30_000 });
  // An idle client losing its server (a restart) must not crash the app.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema }) as unknown as TRootDb;
  db.$direct = { connectionString: opts.directUrl || connectionString };
  return db;
}

/**
 * Installs or upgrades the job queue's schema (jobs.ts), then applies the committed SQL migrations,
 * which may use it (0005 moves the old outbox into it); an advisory lock lets several processes start
 * at once.
 */
export async function migrateDb(db: TRootDb): Promise<void> {
  // A session advisory lock and DDL in several transactions: a connection of its own, never the
  // pooler's (which could run the unlock on another server connection and leave the lock held).
  const client = new pg.Client(db.$direct);
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    // A database a newer release upgraded is refused before anything is touched, the job queue included.
    await getMigrationState(client);
    await migrateJobs(db);
    await applyMigrations(client);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end().catch(() => {});
  }
}
