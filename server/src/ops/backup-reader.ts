import type { Readable } from "node:stream";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import { readMigrations, type TMigration } from "../db/migrations";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupFileError,
  MANIFEST_NAME,
  TableMeter,
  type TBackupManifest,
  type TBackupTable,
  ZBackupManifest,
} from "./backup-format";

/** A manifest is a few kilobytes; anything this big is not ours. */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

/** An opened backup whose every table was checked against its manifest. */
export type TBackupReader = {
  manifest: TBackupManifest;
  /** The table's rows (as COPY text), checked again as they stream: a file changed since is refused. */
  openTable: (table: TBackupTable) => Promise<{ stream: Readable; meter: TableMeter }>;
  close: () => void;
};

export type TOpenBackupOptions = {
  /**
   * False: only the manifest is read (its migration need not be one this release knows), and each
   * table is checked as it is read (`checkTable` after its stream ends). For a look at one table of
   * a file that is not being restored: the erasures a newer backup recorded.
   */
  verify?: boolean;
};

/**
 * Opens a backup and checks all of it before anything is changed: a ZIP, our format and a version
 * this release reads, a migration this release knows, and every table's bytes, row count and sha256
 * as the manifest says. Throws a BackupFileError that says what is wrong otherwise.
 */
export async function openBackup(
  file: string,
  migrations: TMigration[] = readMigrations(),
  opts: TOpenBackupOptions = {},
): Promise<TBackupReader> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === "ENOENT" ? "there is no such file" : (err as Error).message;
    throw new BackupFileError(
      `${file} is not a Fellowship backup, or it is truncated (${reason}). Nothing was changed.`,
    );
  }
  try {
    const entries = new Map<string, yauzl.Entry>();
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
    const manifestEntry = entries.get(MANIFEST_NAME);
    if (!manifestEntry) throw new BackupFileError(`${file} is not a Fellowship backup (it has no ${MANIFEST_NAME}).`);
    const manifest = parseManifest(
      file,
      await readEntry(zip, manifestEntry),
      opts.verify === false ? null : migrations,
    );

    const open = async (table: TBackupTable) => {
      const entry = entries.get(table.file);
      if (!entry) throw new BackupFileError(`${file} is damaged: ${table.file} is missing.`);
      const stream = await zip.openReadStreamPromise(entry);
      return { source: stream, meter: new TableMeter() };
    };
    for (const table of opts.verify === false ? [] : manifest.tables) {
      try {
        const { source, meter } = await open(table);
        await pipeline(source, meter, discard());
        checkTable(file, table, meter);
      } catch (err) {
        if (err instanceof BackupFileError) throw err;
        throw new BackupFileError(`${file} is damaged: ${table.file} cannot be read (${(err as Error).message}).`);
      }
    }
    return {
      manifest,
      openTable: async (table) => {
        const { source, meter } = await open(table);
        return { stream: source.pipe(meter), meter };
      },
      close: () => zip.close(),
    };
  } catch (err) {
    zip.close();
    if (err instanceof BackupFileError)
      throw new BackupFileError(`${err.message.replace(/\.$/, "")}. Nothing was changed.`);
    throw new BackupFileError(
      `${file} cannot be read as a Fellowship backup (${(err as Error).message}). Nothing was changed.`,
    );
  }
}

/** The checks of one table's stream against its manifest line. */
export function checkTable(file: string, table: TBackupTable, meter: TableMeter) {
  if (meter.bytes !== table.bytes || meter.rows !== table.rows || meter.sha256 !== table.sha256) {
    throw new BackupFileError(
      `${file} is damaged: ${table.file} does not match its checksum (${meter.rows} rows, ${meter.bytes} bytes read; the manifest says ${table.rows} rows, ${table.bytes} bytes).`,
    );
  }
}

/** `migrations` null: any migration is accepted (the file is read, not restored). */
function parseManifest(file: string, text: string, migrations: TMigration[] | null): TBackupManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new BackupFileError(`${file} is damaged: its ${MANIFEST_NAME} is not valid JSON.`);
  }
  const head = raw as { format?: unknown; formatVersion?: unknown; appVersion?: unknown };
  if (head?.format !== BACKUP_FORMAT) throw new BackupFileError(`${file} is not a Fellowship backup.`);
  if (typeof head.formatVersion !== "number" || head.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupFileError(
      `${file} was written by a newer release of Fellowship (backup format ${String(head.formatVersion)}, app ${String(head.appVersion)}); this release reads format ${BACKUP_FORMAT_VERSION}. Restore it with that release or a later one.`,
    );
  }
  const parsed = ZBackupManifest.safeParse(raw);
  if (!parsed.success) throw new BackupFileError(`${file} is damaged: its ${MANIFEST_NAME} is incomplete.`);
  const manifest = parsed.data;
  if (migrations && !migrations.some((m) => m.tag === manifest.migration.tag)) {
    throw new BackupFileError(
      `${file} was made by a newer release of Fellowship (${manifest.appVersion}): its schema is at migration ${manifest.migration.tag}, which this release does not know. Restore it with that release or a later one.`,
    );
  }
  return manifest;
}

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string> {
  if (entry.uncompressedSize > MAX_MANIFEST_BYTES) throw new BackupFileError("its manifest is too large");
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function discard(): Writable {
  return new Writable({ write: (_chunk, _enc, done) => done() });
}
