import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import type pg from "pg";
import { createDb, type TRootDb } from "../db/client";
import { memberPseudonym } from "../lib/pseudonym";
import { checkTable, openBackup, type TBackupReader } from "./backup-reader";

/**
 * A restore re-applies the erasures recorded after its backup was taken (issue 28): erasure cannot
 * reach a backup already written, so a member erased since would come back with it. The erasures are
 * known by `member_erasures` (one-way pseudonyms, no personal data) of the database being replaced
 * and of every newer backup in BACKUP_DIR; each restored user whose pseudonym is on that list is
 * erased again.
 */

/** One `member_erasures` row, as read from a database or a backup file. */
export type TErasureRecord = { pseudonym: string; churchId: string; source: string; erasedAt: string };

/** Erases one member of the restored database again (the member-erasure feature, source "restore"). */
export type TReapplyErasure = (db: TRootDb, member: { churchId: string; memberId: string }) => Promise<void>;

const TABLE = "member_erasures";

/** The rows of the database's `member_erasures` (none on a database older than the list). */
export async function readDatabaseErasures(client: Pick<pg.ClientBase, "query">): Promise<TErasureRecord[]> {
  const present = await client.query<{ present: boolean }>(
    `select to_regclass('public.${TABLE}') is not null as present`,
  );
  if (!present.rows[0].present) return [];
  const res = await client.query<TErasureRecord>(
    `select pseudonym::text as "pseudonym", church_id::text as "churchId", source,
            to_char(erased_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "erasedAt"
       from ${TABLE}`,
  );
  return res.rows;
}

/**
 * The `member_erasures` rows of every backup in `dir` taken after `after` (by the time its manifest
 * records), except the files in `skip`. Only the manifest and that one table are read, streamed; a
 * file that cannot be read, or whose table does not match its checksum, is skipped with a log line.
 */
export async function readNewerBackupErasures(
  dir: string,
  after: string,
  opts: { skip: string[]; log: (line: string) => void },
): Promise<{ rows: TErasureRecord[]; files: number }> {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return { rows: [], files: 0 };
  }
  const skip = new Set(opts.skip.map((f) => path.resolve(f)));
  const rows: TErasureRecord[] = [];
  let files = 0;
  for (const name of names.filter((n) => n.endsWith(".zip") && !n.startsWith(".")).sort()) {
    const file = path.resolve(dir, name);
    if (skip.has(file)) continue;
    let backup: TBackupReader | undefined;
    try {
      backup = await openBackup(file, undefined, { verify: false });
      if (Date.parse(backup.manifest.createdAt) <= Date.parse(after)) continue;
      rows.push(...(await readBackupErasures(file, backup)));
      files++;
    } catch (err) {
      opts.log(`Skipped ${file} while looking for erasures recorded since the backup: ${(err as Error).message}`);
    } finally {
      backup?.close();
    }
  }
  return { rows, files };
}

async function readBackupErasures(file: string, backup: TBackupReader): Promise<TErasureRecord[]> {
  const table = backup.manifest.tables.find((t) => t.name === TABLE);
  // Made before the list existed: it records no erasure.
  if (!table) return [];
  const col = (name: string) => {
    const i = table.columns.indexOf(name);
    if (i < 0) throw new Error(`its ${TABLE} has no column ${name}`);
    return i;
  };
  const at = {
    pseudonym: col("pseudonym"),
    churchId: col("church_id"),
    source: col("source"),
    erasedAt: col("erased_at"),
  };
  const { stream, meter } = await backup.openTable(table);
  const rows: TErasureRecord[] = [];
  for await (const line of readline.createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (!line) continue;
    const cells = line.split("\t").map(unescapeCopy);
    const pseudonym = cells[at.pseudonym];
    const churchId = cells[at.churchId];
    if (!pseudonym || !churchId) continue;
    rows.push({
      pseudonym,
      churchId,
      source: cells[at.source] ?? "member",
      erasedAt: new Date(cells[at.erasedAt] ?? Date.now()).toISOString(),
    });
  }
  // The stream has ended, so the meter has its digest: a file changed since its manifest is refused.
  checkTable(file, table, meter);
  return rows;
}

/** One cell of PostgreSQL's COPY text format: `\N` is NULL, backslash escapes the rest. */
function unescapeCopy(cell: string): string | null {
  if (cell === "\\N") return null;
  if (!cell.includes("\\")) return cell;
  const named: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };
  return cell.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, e: string) => {
    if (e[0] === "x") return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(Number.parseInt(e, 8));
    return named[e] ?? e;
  });
}

/** One row a pseudonym, the first seen kept (the replaced database's before the files'). */
export function mergeErasures(...lists: TErasureRecord[][]): TErasureRecord[] {
  const seen = new Map<string, TErasureRecord>();
  for (const list of lists) for (const r of list) if (!seen.has(r.pseudonym)) seen.set(r.pseudonym, r);
  return [...seen.values()];
}

/**
 * After the rows are loaded: every listed row whose church is in the restored data is recorded in
 * `member_erasures` (as first recorded: who asked, and when), then each restored user whose pseudonym
 * is on the list is erased again. A pseudonym identifies one account across churches (it is a
 * function of its id), so the match needs no church; the erasure runs in the church the restored user
 * belongs to or, removed from every church by then, in the one that recorded it. An erased member's
 * tombstone (a users row whose id is the pseudonym) is no match. Returns how many were erased again.
 */
export async function reapplyErasures(
  client: Pick<pg.ClientBase, "query">,
  url: string,
  erasures: TErasureRecord[],
  reapply: TReapplyErasure,
  log: (line: string) => void = () => {},
): Promise<number> {
  if (erasures.length === 0) return 0;
  await client.query(
    `insert into ${TABLE} (pseudonym, church_id, source, erased_at)
     select e.pseudonym, e.church_id, e.source, e.erased_at
       from jsonb_to_recordset($1::jsonb) as e(pseudonym uuid, church_id uuid, source text, erased_at timestamptz)
      where exists (select 1 from churches c where c.id = e.church_id)
     on conflict (pseudonym) do nothing`,
    [
      JSON.stringify(
        erasures.map((r) => ({
          pseudonym: r.pseudonym,
          church_id: r.churchId,
          source: r.source,
          erased_at: r.erasedAt,
        })),
      ),
    ],
  );
  const byPseudonym = new Map(erasures.map((r) => [r.pseudonym, r]));
  const churches = new Set(
    (await client.query<{ id: string }>("select id::text as id from churches")).rows.map((r) => r.id),
  );
  const users = await client.query<{ id: string; churchId: string | null }>(
    `select id::text as id, church_id::text as "churchId" from users`,
  );
  const matches = users.rows.filter((u) => !byPseudonym.has(u.id) && byPseudonym.has(memberPseudonym(u.id)));
  if (matches.length === 0) return 0;
  let erased = 0;
  const db = createDb(url, { max: 1 });
  try {
    for (const u of matches) {
      const pseudonym = memberPseudonym(u.id);
      const churchId = u.churchId ?? (byPseudonym.get(pseudonym) as TErasureRecord).churchId;
      if (!churches.has(churchId)) {
        // In no church of this backup, and erased by a church made after it: nothing to erase it in.
        log(`Could not erase the account ${pseudonym} again: it belongs to no church in this backup.`);
        continue;
      }
      await reapply(db, { churchId, memberId: u.id });
      erased++;
    }
  } finally {
    await db.$client.end();
  }
  return erased;
}
