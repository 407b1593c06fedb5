import { Readable } from "node:stream";
import { MEMBER_EXPORT_LIMITED, type TMemberExportStatus } from "@common/member-data";
import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import yazl from "yazl";
import { users } from "../../db/schema/users";
import { recordAudit } from "../../lib/audit";
import type { TChurchCtx } from "../../lib/context";
import { escapeCell } from "../../lib/csv";
import type { TChurchData, TDataKind } from "../../lib/data-kinds";
import { AppError, notFound } from "../../lib/errors";
import { startOfDay } from "../../lib/time";
import { findLastDownloadAt, findMemberPage, findMemberProfile } from "./member-data.repo";

/** Rows read per query: a page is written to the archive before the next is read. */
const PAGE_ROWS = 500;

/** A kind's file name without its extension (`sermon-views.csv` -> `sermon-views`). */
const baseName = (kind: TDataKind) => kind.file.replace(/\.csv$/, "");

/** The kinds a member's own export holds: those tied to a member, but the members list (profile.json replaces it). */
export const memberKinds = (data: TChurchData) =>
  data.kinds.filter((k) => k.memberColumn !== null && k.table !== users);

/** A cell as a spreadsheet shows it: times in ISO 8601 (UTC), lists joined, settings as JSON. */
function toCell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.join("; ");
  return JSON.stringify(value);
}

/** CSV lines (CRLF, as spreadsheets expect) with every cell made safe against formula injection. */
const csvLines = (rows: unknown[][]) =>
  stringify(
    rows.map((r) => r.map((v) => escapeCell(toCell(v)))),
    { record_delimiter: "windows" },
  );

type TPages = (after: unknown[] | null) => Promise<Record<string, unknown>[]>;

/** Every page of a kind's rows, read as the archive asks for more. */
async function* pagesOf(kind: TDataKind, read: TPages, pageRows: number): AsyncGenerator<Record<string, unknown>[]> {
  let after: unknown[] | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < pageRows) return;
    const last = rows[rows.length - 1];
    after = kind.keys.map((k) => last[k]);
  }
}

/** The kind as a JSON array of rows (one a line), streamed. */
async function* kindJson(kind: TDataKind, read: TPages, pageRows: number): AsyncGenerator<string> {
  yield "[";
  let first = true;
  for await (const rows of pagesOf(kind, read, pageRows)) {
    for (const row of rows) {
      yield `${first ? "" : ","}\n  ${JSON.stringify(row)}`;
      first = false;
    }
  }
  yield first ? "]\n" : "\n]\n";
}

/** The kind as a spreadsheet-safe CSV (header first), streamed. */
async function* kindCsv(kind: TDataKind, read: TPages, pageRows: number): AsyncGenerator<string> {
  const names = Object.keys(kind.fields);
  yield csvLines([names]);
  for await (const rows of pagesOf(kind, read, pageRows)) yield csvLines(rows.map((r) => names.map((n) => r[n])));
}

/** What the member's anonymous requests become in the archive: theirs to see, or left out for an admin. */
const anonymousParagraph = (byAdmin: boolean) =>
  byAdmin
    ? `
Anonymous prayer requests are not included when an admin downloads the data
for a member, nor anything tied to them (the member's own "I prayed" taps for
them, "Someone prayed for you" notifications): the church's admins never learn
who asked anonymously. The member's own download includes them.`
    : `Your anonymous
prayer requests are included with isAnonymous true and no author: everyone
else sees them that way, and every row in this archive is yours. Your own
"I prayed" taps and notifications about them are included too.`;

/** The archive's README.txt; `byAdmin`: downloaded by an admin for the member, on their request. */
export function getMemberReadme(kinds: TDataKind[], name: string, church: string, at: Date, byAdmin = false): string {
  const by = byAdmin ? `by an admin of the church for ${name}, on their request` : `by ${name}`;
  const files = kinds.map((k) => `  ${`${baseName(k)}.json / .csv`.padEnd(34)} ${k.about}`).join("\n");
  return `Fellowship: the data of ${name} at ${church}
Downloaded ${at.toISOString()} (UTC) ${by}.

This archive holds what the app keeps about you: your profile, and every row
of the church's data that is yours (you wrote it, did it or received it).
Each kind of row is here twice, with the same rows: a JSON file (a list of
rows, for programs) and a CSV file (for a spreadsheet; a cell starting with
=, +, -, @, a tab or a carriage return starts with ' so it shows as text).
A kind you have no rows of is an empty list. Times are ISO 8601 in UTC.

  profile.json                       Your profile and settings: name, e-mail,
                                     bio, phone, birthday, address, language,
                                     who may see what, role, points, dates.

The descriptions below are those of the church's own export; in this archive
each file holds only your rows:

${files}

Your private sermon notes (highlights you did not share) are included. ${anonymousParagraph(byAdmin)}

Other people appear only where a row of yours names them: as an id (the
person who gave you kudos or received yours, the admin who reviewed it, a
request or post you prayed for or replied to), or by name in the words of a
notification or activity line you got or caused, as the app showed it to
you. Nobody else's e-mail or profile is in this archive, and no anonymous
request's author is ever named.

Left out on purpose: your password (only a hash of it is kept, never shown),
sign-in sessions and tokens, your devices' push addresses and keys, and your
profile picture (profileImageUrl says where it is).
`;
}

/**
 * The once-a-day rule, the one place it is written (the ZIP's 429 and `GET /api/user/export` read
 * it): the caller's last download, and when it was today in the church's time zone, the start of the
 * church's next day as the moment the next is allowed (null: allowed now).
 */
async function findExportStatus(
  ctx: TChurchCtx,
  now: Date,
): Promise<{ lastDownloadedAt: Date | null; nextAvailableAt: Date | null }> {
  const lastDownloadedAt = await findLastDownloadAt(ctx.db, ctx, ctx.userId);
  const today = startOfDay(now, ctx.timeZone);
  if (!lastDownloadedAt || lastDownloadedAt < today) return { lastDownloadedAt, nextAvailableAt: null };
  // 36 hours after a midnight is the next day whatever a change of clocks did to this one's length.
  return { lastDownloadedAt, nextAvailableAt: startOfDay(new Date(today.getTime() + 36 * 3600_000), ctx.timeZone) };
}

/** `GET /api/user/export`: whether the caller may download their data now, and if not from when. */
export async function getMemberExportStatus(ctx: TChurchCtx): Promise<TMemberExportStatus> {
  const { lastDownloadedAt, nextAvailableAt } = await findExportStatus(ctx, new Date());
  return {
    lastDownloadedAt: lastDownloadedAt?.toISOString() ?? null,
    nextAvailableAt: nextAvailableAt?.toISOString() ?? null,
  };
}

/** The archive: the README, profile.json, and per kind the member's rows as JSON and CSV, streamed. */
function streamArchive(
  ctx: TChurchCtx,
  data: TChurchData,
  profile: NonNullable<Awaited<ReturnType<typeof findMemberProfile>>>,
  now: Date,
  opts: { byAdmin: boolean; pageRows?: number; onError?: (err: unknown) => void },
): NodeJS.ReadableStream {
  const kinds = memberKinds(data);
  const pageRows = opts.pageRows ?? PAGE_ROWS;
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  // A failed read cuts the download short (the status is sent already): the browser shows it failed.
  const fail = (err: unknown) => {
    if (output.destroyed) return;
    opts.onError?.(err);
    output.destroy(err as Error);
  };
  zip.on("error", fail);
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ") || profile.email;
  const readme = getMemberReadme(kinds, name, profile.church, now, opts.byAdmin);
  zip.addBuffer(Buffer.from(readme), "README.txt", { mtime: now });
  zip.addBuffer(Buffer.from(`${JSON.stringify(profile, null, 2)}\n`), "profile.json", { mtime: now });
  for (const kind of kinds) {
    const read: TPages = (after) => findMemberPage(ctx, profile.id, kind, data.rules, after, pageRows, opts.byAdmin);
    const json = Readable.from(kindJson(kind, read, pageRows)).on("error", fail);
    zip.addReadStream(json, `${baseName(kind)}.json`, { mtime: now });
    const csv = Readable.from(kindCsv(kind, read, pageRows)).on("error", fail);
    zip.addReadStream(csv, kind.file, { mtime: now });
  }
  zip.end();
  return zip.outputStream;
}

/**
 * `GET /api/user/export.zip` (issue 28): everything the app holds about the member, as a ZIP of a
 * README, profile.json, and per kind of the church's data (`data`, composed in server/src/data-kinds.ts)
 * the member's own rows as JSON and CSV, streamed page by page. Once a day per member, the day in
 * the church's time zone: each download is an `export.downloaded` entry of the audit trail (the
 * member as actor and target), which is also the record the limit reads. The entry is written as
 * the download starts, as the church export's is.
 */
export async function createMemberExport(
  ctx: TChurchCtx,
  data: TChurchData,
  opts: { pageRows?: number; onError?: (err: unknown) => void } = {},
): Promise<{ stream: NodeJS.ReadableStream }> {
  const memberId = ctx.userId;
  const now = new Date();
  const kinds = memberKinds(data);
  const profile = await ctx.db.transaction(async (tx) => {
    // Two downloads asked at once count as two: the second waits for the first's entry.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`member-export:${memberId}`}))`);
    const { nextAvailableAt } = await findExportStatus({ ...ctx, db: tx }, now);
    if (nextAvailableAt) {
      const wait = Math.max(1, Math.ceil((nextAvailableAt.getTime() - now.getTime()) / 1000));
      throw new AppError("RATE_LIMITED", MEMBER_EXPORT_LIMITED, { headers: { "retry-after": String(wait) } });
    }
    const row = await findMemberProfile({ ...ctx, db: tx }, memberId);
    if (!row) throw notFound();
    await recordAudit(tx, ctx, {
      action: "export.downloaded",
      targetType: "member",
      targetId: memberId,
      changes: { format: [null, "zip"], files: [null, kinds.length * 2 + 2] },
      at: now,
    });
    return row;
  });
  return { stream: streamArchive(ctx, data, profile, now, { ...opts, byAdmin: false }) };
}

/**
 * `GET /api/admin/members/{id}/export.zip` (issue 28): an admin downloads a member's data for them,
 * on their request: the member's own archive without their anonymous authorship. Recorded as
 * `export.downloaded` with the admin as actor and the member as target (the member's once-a-day
 * limit counts only their own downloads); another church's member or an unknown id is a 404.
 */
export async function createMemberExportForAdmin(
  ctx: TChurchCtx,
  data: TChurchData,
  memberId: string,
  opts: { pageRows?: number; onError?: (err: unknown) => void } = {},
): Promise<{ stream: NodeJS.ReadableStream }> {
  const now = new Date();
  const kinds = memberKinds(data);
  const profile = await ctx.db.transaction(async (tx) => {
    const row = await findMemberProfile({ ...ctx, db: tx }, memberId);
    if (!row) throw notFound();
    await recordAudit(tx, ctx, {
      action: "export.downloaded",
      targetType: "member",
      targetId: memberId,
      changes: { format: [null, "zip"], files: [null, kinds.length * 2 + 2] },
      at: now,
    });
    return row;
  });
  return { stream: streamArchive(ctx, data, profile, now, { ...opts, byAdmin: true }) };
}
