import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import yazl from "yazl";
import { StartupError } from "../db/ensure-database";
import { getMigrationState, readMigrations, type TMigration } from "../db/migrations";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  getAppVersion,
  MANIFEST_NAME,
  qualified,
  quoteIdent,
  README_NAME,
  README_TEXT,
  TableMeter,
  type TBackupManifest,
  type TBackupTable,
} from "./backup-format";

/** The schema whose tables are the app's data; drizzle's bookkeeping is the manifest's `migration`. */
export const DATA_SCHEMA = "public";
/**
 * Left out on purpose: the job queue's rows are work in flight (e-mails, webhooks, syncs) whose
 * effects may have happened after the snapshot, so replaying them after a restore would send them
 * twice; its tables are graphile-worker's private format, which changes between its versions.
 * Recurring work is scheduled again when the app starts.
 */
const EXCLUDED = ["graphile_worker (the job queue: work in flight, emails not yet sent, scheduled runs)"];

export type TBackupResult = { file: string; bytes: number; manifest: TBackupManifest };

export type TBackupOptions = {
  /** This release's migrations (tests add one). */
  migrations?: TMigration[];
  /** Called with each table's name as it starts (tests stop a backup mid-way). */
  onTable?: (name: string) => void | Promise<void>;
};

/**
 * Writes one backup of the database at `connection` to `outFile`: one consistent snapshot (a single
 * REPEATABLE READ, READ ONLY transaction) of every table of the app's schema, streamed with COPY
 * into a ZIP under a hidden temporary name, made owner-only (0600), synced and renamed into place
 * only once complete; a failure (or a kill) never leaves a file that looks like a backup.
 */
export async function createBackup(
  connection: string | pg.ClientConfig,
  outFile: string,
  opts: TBackupOptions = {},
): Promise<TBackupResult> {
  const target = path.resolve(outFile);
  const dir = path.dirname(target);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const partial = path.join(dir, `.${path.basename(target)}.${randomBytes(4).toString("hex")}.partial`);
  const client = new pg.Client(typeof connection === "string" ? { connectionString: connection } : connection);
  // An idle client losing its server must not crash the process; the query using it fails.
  client.on("error", () => {});
  let out: fs.WriteStream | undefined;
  try {
    await client.connect();
    await client.query("begin transaction isolation level repeatable read, read only");
    const manifest = await readSnapshotShape(client, opts.migrations ?? readMigrations());

    out = fs.createWriteStream(partial, { flags: "wx", mode: 0o600 });
    const zip = new yazl.ZipFile();
    // Any failure of the archive or the file ends the backup.
    const failed = new Promise<never>((_, reject) => {
      zip.on("error", reject);
      out?.on("error", reject);
    });
    failed.catch(() => {});
    const written = new Promise<void>((resolve) => out?.on("close", resolve));
    zip.outputStream.pipe(out);
    zip.addBuffer(Buffer.from(README_TEXT), README_NAME, { mtime: new Date() });

    for (const table of manifest.tables) {
      await opts.onTable?.(table.name);
      const cols = table.columns.map(quoteIdent).join(", ");
      const copy = client.query(copyTo(`copy ${qualified(table.schema, table.name)} (${cols}) to stdout`));
      const meter = new TableMeter();
      zip.addReadStream(meter, table.file, { mtime: new Date() });
      await Promise.race([pipeline(copy, meter), failed]);
      Object.assign(table, { rows: meter.rows, bytes: meter.bytes, sha256: meter.sha256 });
    }
    await client.query("rollback");
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST_NAME, { mtime: new Date() });
    zip.end();
    await Promise.race([written, failed]);

    // On disk before it gets its name: a power cut never leaves a complete-looking empty file.
    const fd = fs.openSync(partial, "r");
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, target);
    syncDir(dir);
    return { file: target, bytes: fs.statSync(target).size, manifest };
  } catch (err) {
    out?.destroy();
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

function syncDir(dir: string) {
  try {
    const fd = fs.openSync(dir, "r");
    fs.fsyncSync(fd);
    fs.closeSync(fd);
  } catch {
    // Some file systems cannot sync a directory; the rename is done all the same.
  }
}

/**
 * Inside the snapshot: the last applied migration, every table of the data schema (locked against
 * DDL until the end, as pg_dump does) with its stored columns, and every sequence's position.
 */
async function readSnapshotShape(client: pg.Client, migrations: TMigration[]): Promise<TBackupManifest> {
  const { last } = await getMigrationState(client, migrations);
  if (!last) throw new StartupError("The database has no Fellowship schema yet: there is nothing to back up.");
  const tables = await client.query<{ name: string; oid: number }>(
    `select c.relname as name, c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind = 'r' order by c.relname`,
    [DATA_SCHEMA],
  );
  if (tables.rows.length > 0) {
    const list = tables.rows.map((t) => qualified(DATA_SCHEMA, t.name)).join(", ");
    await client.query(`lock table ${list} in access share mode`);
  }
  const entries: TBackupTable[] = [];
  for (const t of tables.rows) {
    const cols = await client.query<{ name: string }>(
      `select attname as name from pg_attribute
        where attrelid = $1 and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      [t.oid],
    );
    entries.push({
      schema: DATA_SCHEMA,
      name: t.name,
      file: `tables/${DATA_SCHEMA}.${t.name}.tsv`,
      columns: cols.rows.map((c) => c.name),
      rows: 0,
      bytes: 0,
      sha256: "",
    });
  }
  const seqs = await client.query<{ name: string; table: string | null; column: string | null }>(
    `select s.relname as name, t.relname as table, a.attname as column
       from pg_class s join pg_namespace n on n.oid = s.relnamespace
       left join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       left join pg_class t on t.oid = d.refobjid
       left join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where n.nspname = $1 and s.relkind = 'S' order by s.relname`,
    [DATA_SCHEMA],
  );
  const sequences: TBackupManifest["sequences"] = [];
  for (const s of seqs.rows) {
    const v = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${qualified(DATA_SCHEMA, s.name)}`,
    );
    sequences.push({
      schema: DATA_SCHEMA,
      name: s.name,
      table: s.table,
      column: s.column,
      lastValue: v.rows[0].last_value,
      isCalled: v.rows[0].is_called,
    });
  }
  const version = await client.query<{ v: string }>("select current_setting('server_version') as v");
  return {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion: getAppVersion(),
    createdAt: new Date().toISOString(),
    postgresVersion: version.rows[0].v,
    migration: { tag: last.tag, when: last.when, hash: last.hash },
    tables: entries,
    sequences,
    excluded: EXCLUDED,
  };
}
