import path from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { createDb } from "../db/client";
import { applyMigrations, readMigrations, type TMigration } from "../db/migrations";
import { migrateJobs } from "../lib/jobs";
import { createBackup, DATA_SCHEMA } from "./backup";
import { recordBackupAudit } from "./backup-audit";
import { BackupFileError, backupFileName, qualified, quoteIdent, type TBackupManifest } from "./backup-format";
import { checkTable, openBackup, type TBackupReader } from "./backup-reader";
import { eraseAgain } from "./erase-again";
import {
  mergeErasures,
  readDatabaseErasures,
  readNewerBackupErasures,
  reapplyErasures,
  type TReapplyErasure,
} from "./restore-erasures";

/** A restore that was refused before anything changed (a database in use or holding data). */
export class RestoreRefusedError extends Error {}

export type TRestoreOptions = {
  /** Replace a database that holds data, after writing a backup of it to `safetyDir`. */
  force?: boolean;
  /** Where `force` writes its backup of what was there. */
  safetyDir: string;
  /**
   * Where newer backups are looked for, whose recorded erasures the restore re-applies (issue 28);
   * by default `safetyDir` (the CLI passes BACKUP_DIR for both).
   */
  backupDir?: string;
  /** Erases one restored member again (tests stand in for the member-erasure feature). */
  reapplyErasure?: TReapplyErasure;
  migrations?: TMigration[];
  log?: (line: string) => void;
};

export type TRestoreResult = {
  manifest: TBackupManifest;
  /** The backup of what the database held, when `force` replaced it. */
  safetyBackup?: string;
  /** Migrations applied after the rows were loaded (the backup was made by an older release). */
  upgradedWith: string[];
  /** Members erased again because an erasure was recorded after the backup was taken. */
  erasuresReapplied: number;
};

/**
 * Loads a backup into the database at `url`: checks all of the file first, refuses a database in
 * use or holding data (unless `force`, which first backs it up), clears the app's schemas, builds the
 * schema as of the backup's migration, loads every table in one transaction, then applies every
 * later migration of this release. A failure after the clearing leaves the database empty.
 */
export async function restoreBackup(url: string, file: string, opts: TRestoreOptions): Promise<TRestoreResult> {
  const log = opts.log ?? (() => {});
  const migrations = opts.migrations ?? readMigrations();
  log(`Checking ${file}...`);
  const backup = await openBackup(file, migrations);
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  try {
    await client.connect();
    await refuseIfInUse(client);
    const holding = await findTableWithRows(client);
    let safetyBackup: string | undefined;
    if (holding) {
      if (!opts.force) {
        throw new RestoreRefusedError(
          `The database already holds data (table ${holding} has rows); nothing was changed. To replace it, run the restore again with --force: it first writes a backup of what is there.`,
        );
      }
      const safety = path.join(opts.safetyDir, backupFileName(new Date(), "fellowship-backup-before-restore"));
      safetyBackup = (await createBackup(url, safety, { migrations })).file;
      log(`Saved what the database held to ${safetyBackup}`);
    }
    // Before anything is wiped: the erasures the replaced database and newer backups recorded.
    const fromDatabase = await readDatabaseErasures(client);
    const newer = await readNewerBackupErasures(opts.backupDir ?? opts.safetyDir, backup.manifest.createdAt, {
      skip: [file, ...(safetyBackup ? [safetyBackup] : [])],
      log,
    });
    const erasures = mergeErasures(fromDatabase, newer.rows);
    if (erasures.length)
      log(
        `Erasures on record: ${erasures.length} (${fromDatabase.length} in the database replaced, ${newer.rows.length} in ${newer.files} newer backup(s)).`,
      );
    try {
      await clearAppSchemas(client);
      // The job queue's schema first: migrations may use it (0005 moves the old outbox into it).
      const jobsDb = createDb(url, { max: 1 });
      try {
        await migrateJobs(jobsDb);
      } finally {
        await jobsDb.$client.end();
      }
      await applyMigrations(client, { upTo: backup.manifest.migration.tag, migrations });
      log(`Loading ${backup.manifest.tables.length} tables as of migration ${backup.manifest.migration.tag}...`);
      await loadRows(client, backup, file);
      const upgradedWith = await applyMigrations(client, { migrations });
      if (upgradedWith.length) log(`Upgraded the restored data with ${upgradedWith.join(", ")}`);
      // Someone erased after the backup was taken stays erased (issue 28); a failure here fails the
      // restore, which then leaves the database empty rather than holding a person who asked to go.
      const erasuresReapplied = await reapplyErasures(client, url, erasures, opts.reapplyErasure ?? eraseAgain, log);
      log(`Re-applied ${erasuresReapplied} erasure(s) recorded since the backup.`);
      // Each church's audit trail, in the restored database, says what happened to it and from when.
      await recordBackupAudit(client, "backup.restored", file, {
        backupCreatedAt: [null, backup.manifest.createdAt],
        erasuresReapplied: [null, erasuresReapplied],
      });
      await client.query("analyze");
      return { manifest: backup.manifest, safetyBackup, upgradedWith, erasuresReapplied };
    } catch (err) {
      await clearAppSchemas(client).catch(() => {});
      const kept = safetyBackup ? ` What it held before is in ${safetyBackup}.` : "";
      throw new Error(`The restore failed and the database was left empty: ${(err as Error).message}${kept}`);
    }
  } finally {
    backup.close();
    await client.end().catch(() => {});
  }
}

/** The app must be stopped: another session on the database would write into it during the load. */
async function refuseIfInUse(client: pg.Client) {
  const res = await client.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  if (res.rows[0].n > 0) {
    throw new RestoreRefusedError(
      `The database is in use (${res.rows[0].n} other connection(s)): stop the app first; nothing was changed.`,
    );
  }
}

async function findTableWithRows(client: pg.Client): Promise<string | undefined> {
  const tables = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind = 'r' order by c.relname`,
    [DATA_SCHEMA],
  );
  for (const t of tables.rows) {
    const res = await client.query(`select 1 from ${qualified(DATA_SCHEMA, t.name)} limit 1`);
    if (res.rowCount) return t.name;
  }
  return undefined;
}

/**
 * Empties the app's schemas in one transaction: the job queue and drizzle's bookkeeping go whole;
 * in `public` every object goes, the schema itself (and its grants) stays.
 */
async function clearAppSchemas(client: pg.Client) {
  await client.query("begin");
  try {
    await client.query("drop schema if exists graphile_worker cascade");
    await client.query("drop schema if exists drizzle cascade");
    const rels = await client.query<{ name: string; kind: string }>(
      `select c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and not exists
          (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i') and c.relkind = 'S')`,
      [DATA_SCHEMA],
    );
    const kinds: Record<string, string> = { v: "view", m: "materialized view", S: "sequence", f: "foreign table" };
    for (const r of rels.rows)
      await client.query(`drop ${kinds[r.kind] ?? "table"} if exists ${qualified(DATA_SCHEMA, r.name)} cascade`);
    const types = await client.query<{ name: string }>(
      `select t.typname as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = $1 and t.typtype in ('e', 'd', 'c', 'r') and (t.typrelid = 0 or
          (select relkind from pg_class where oid = t.typrelid) = 'c')`,
      [DATA_SCHEMA],
    );
    for (const t of types.rows) await client.query(`drop type if exists ${qualified(DATA_SCHEMA, t.name)} cascade`);
    const routines = await client.query<{ sig: string }>(
      `select p.oid::regprocedure::text as sig from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = $1`,
      [DATA_SCHEMA],
    );
    for (const r of routines.rows) await client.query(`drop routine if exists ${r.sig} cascade`);
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  }
}

/**
 * Every table's rows in one transaction. Foreign keys are dropped for the load and added again
 * after it (checked then, in one pass each), so tables load in any order, cycles included.
 */
async function loadRows(client: pg.Client, backup: TBackupReader, file: string) {
  const { manifest } = backup;
  await client.query("begin");
  try {
    const present = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relkind = 'r'`,
      [DATA_SCHEMA],
    );
    const names = new Set(present.rows.map((r) => r.name));
    const missing = manifest.tables.filter((t) => t.schema !== DATA_SCHEMA || !names.has(t.name));
    if (missing.length) {
      throw new BackupFileError(
        `the backup holds table(s) ${missing.map((t) => t.name).join(", ")} that migration ${manifest.migration.tag} does not make`,
      );
    }
    const fks = await client.query<{ table: string; name: string; def: string }>(
      `select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as def
         from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where n.nspname = $1 and c.contype = 'f'`,
      [DATA_SCHEMA],
    );
    for (const fk of fks.rows) await client.query(`alter table ${fk.table} drop constraint ${quoteIdent(fk.name)}`);
    for (const table of manifest.tables) {
      const cols = table.columns.map(quoteIdent).join(", ");
      const { stream, meter } = await backup.openTable(table);
      const copy = client.query(copyFrom(`copy ${qualified(table.schema, table.name)} (${cols}) from stdin`));
      await pipeline(stream, copy);
      // The file was checked before; this catches one changed since.
      checkTable(file, table, meter);
    }
    for (const fk of fks.rows)
      await client.query(`alter table ${fk.table} add constraint ${quoteIdent(fk.name)} ${fk.def}`);
    await restoreSequences(client, manifest);
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  }
}

/** Each sequence continues after the backup's position and after every restored row's number. */
async function restoreSequences(client: pg.Client, manifest: TBackupManifest) {
  for (const s of manifest.sequences) {
    const seq = qualified(s.schema, s.name);
    const exists = await client.query<{ r: string | null }>("select to_regclass($1)::text as r", [seq]);
    if (!exists.rows[0].r) continue;
    let value = BigInt(s.lastValue);
    let isCalled = s.isCalled;
    if (s.table && s.column) {
      const max = await client.query<{ m: string | null }>(
        `select max(${quoteIdent(s.column)})::text as m from ${qualified(s.schema, s.table)}`,
      );
      const m = max.rows[0].m === null ? null : BigInt(max.rows[0].m);
      if (m !== null && (m > value || (m === value && !isCalled))) {
        value = m;
        isCalled = true;
      }
    }
    await client.query("select setval($1::regclass, $2::bigint, $3)", [seq, value.toString(), isCalled]);
  }
}
