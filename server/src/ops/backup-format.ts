import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { z } from "zod";
import { ROOT } from "../paths";

/**
 * A backup is one ZIP file (issue 15): `manifest.json` (what this file holds, with a row count and
 * a sha256 per table), `README.txt`, and one `tables/<schema>.<table>.tsv` per table holding the
 * table's rows exactly as PostgreSQL's `COPY ... TO STDOUT` writes them (text format: one row a
 * line, tab between columns, `\N` for NULL). Plain ZIP so that an operator can look inside with any
 * unzip tool; each entry is written as it streams, so memory stays flat however big a table is.
 */

export const BACKUP_FORMAT = "fellowship-backup";
/** Bump when a file this release writes could not be read by an older one. */
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = "manifest.json";
export const README_NAME = "README.txt";

export const ZBackupTable = z.object({
  schema: z.string().min(1),
  name: z.string().min(1),
  /** The entry in the ZIP holding the rows. */
  file: z.string().min(1),
  /** Stored columns in COPY order (generated columns are not stored; PostgreSQL makes them again). */
  columns: z.array(z.string().min(1)).min(1),
  rows: z.number().int().min(0),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const ZBackupSequence = z.object({
  schema: z.string().min(1),
  name: z.string().min(1),
  /** The column it numbers, when it belongs to one (serial or identity). */
  table: z.string().nullable(),
  column: z.string().nullable(),
  /** bigint, as text. */
  lastValue: z.string().regex(/^-?\d+$/),
  isCalled: z.boolean(),
});

export const ZBackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  appVersion: z.string(),
  createdAt: z.string(),
  postgresVersion: z.string(),
  /** The newest migration applied to the database backed up: a restore builds the schema as of it. */
  migration: z.object({ tag: z.string().min(1), when: z.number(), hash: z.string() }),
  tables: z.array(ZBackupTable),
  sequences: z.array(ZBackupSequence),
  /** What a backup leaves out, in words (the job queue). */
  excluded: z.array(z.string()),
});

export type TBackupManifest = z.infer<typeof ZBackupManifest>;
export type TBackupTable = z.infer<typeof ZBackupTable>;

/** A backup file that cannot be restored (truncated, corrupt, foreign, too new): nothing was changed. */
export class BackupFileError extends Error {}

/** `npm run backup` and the job name their files so; retention removes only names of this shape. */
export function backupFileName(at: Date, prefix = "fellowship-backup"): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
  return `${prefix}-${stamp}.zip`;
}
export const BACKUP_FILE_PATTERN = /^fellowship-backup-\d{8}T\d{6}Z(-\d+)?\.zip$/;
/** Files being written: hidden, and named so that nothing takes them for a finished backup. */
export const PARTIAL_FILE_PATTERN = /^\.fellowship-backup-.*\.partial$/;

export function getAppVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version?: string };
  return pkg.version ?? "unknown";
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

/**
 * Passes bytes through while counting them, counting rows (COPY's text format ends every row with a
 * newline and escapes newlines inside values) and hashing them.
 */
export class TableMeter extends Transform {
  bytes = 0;
  rows = 0;
  sha256 = "";
  private readonly hash = createHash("sha256");

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.rows++;
    this.hash.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    this.sha256 = this.hash.digest("hex");
    done();
  }
}

export const README_TEXT = `This is a Fellowship backup: every church's data of one Fellowship install.

manifest.json     what this file holds (format, app version, the last applied migration,
                  a row count and a sha256 for each table)
tables/*.tsv      each table's rows, as PostgreSQL's COPY text format writes them

Restore it with the app stopped, from the Fellowship folder:

    npm run restore -- /path/to/this-file.zip

The file holds password hashes and sealed integration keys: keep it where only you can read it.
`;
