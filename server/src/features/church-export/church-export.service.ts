import { Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import yazl from "yazl";
import { recordAudit } from "../../lib/audit";
import type { TChurchCtx } from "../../lib/context";
import { escapeCell } from "../../lib/csv";
import type { TChurchData, TDataKind } from "../../lib/data-kinds";
import { findChurchName, findExportPage } from "./church-export.repo";

/** Rows read per query: a page is written to the archive before the next is read. */
const PAGE_ROWS = 500;

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
function csvLines(rows: unknown[][]): string {
  return stringify(
    rows.map((r) => r.map((v) => escapeCell(toCell(v)))),
    { record_delimiter: "windows" },
  );
}

/** A kind's CSV file, header first, read page by page as the archive asks for more. */
async function* kindCsv(ctx: TChurchCtx, data: TChurchData, kind: TDataKind, pageRows: number): AsyncGenerator<string> {
  const names = Object.keys(kind.fields);
  yield csvLines([names]);
  let after: unknown[] | null = null;
  for (;;) {
    const rows = await findExportPage(ctx, kind, data.rules, after, pageRows);
    if (rows.length > 0) yield csvLines(rows.map((r) => names.map((n) => r[n])));
    if (rows.length < pageRows) return;
    const last = rows[rows.length - 1];
    after = kind.keys.map((k) => last[k]);
  }
}

export function getExportReadme(kinds: TDataKind[], churchName: string, at: Date): string {
  const files = kinds.map((k) => `  ${k.file.padEnd(26)} ${k.about}`).join("\n");
  return `Fellowship: data of ${churchName}
Exported ${at.toISOString()} (UTC) by one of the church's admins.

One CSV file per kind of row, each with a header row, UTF-8, comma separated.
Ids (id, userId, sermonId, ...) tie the files together: a userId is an id of
members.csv (or of someone who has since left the church). Times are ISO 8601
in UTC. A cell that a spreadsheet would run as a formula (starting with =, +,
-, @, a tab or a carriage return) starts with ' so that it shows as text.

Left out on purpose: passwords, sign-in sessions, invitation links and tokens,
integration keys and webhook secrets, push devices' addresses, the feed links'
secret part, members' private sermon notes (highlights they did not share),
and every other church's rows. Logos and profile pictures are not included.

An anonymous prayer request names no one: its author is left out of
prayer-requests.csv, and so is every row of any file that would tie it to its
author (the author's own "I prayed" taps for it in prayers.csv, the
notifications only its author got about it in notifications.csv). Prayer
counts taken from prayers.csv can therefore be lower than the app shows.

${files}
`;
}

/**
 * The church's own data as a ZIP of CSV files (issue 15), one file per kind its features declare
 * (`data`, composed in server/src/data-kinds.ts), streamed: each file is read from the database page
 * by page while the archive is sent, so memory stays flat whatever the church's size. The download is
 * recorded in the audit trail as it starts (an archive cut short was still handed out in part).
 */
export async function createChurchExport(
  ctx: TChurchCtx,
  data: TChurchData,
  opts: { pageRows?: number; onError?: (err: unknown) => void } = {},
): Promise<{ stream: NodeJS.ReadableStream; churchName: string }> {
  const churchName = await findChurchName(ctx);
  await recordAudit(ctx.db, ctx, {
    action: "export.downloaded",
    targetType: "church_export",
    targetId: null,
    changes: { format: [null, "zip"], files: [null, data.kinds.length] },
  });
  const now = new Date();
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  // A failed read cuts the download short (the status is sent already): the browser shows it failed.
  // yazl does not listen for its read streams' errors, so each file's is caught here.
  const fail = (err: unknown) => {
    if (output.destroyed) return;
    opts.onError?.(err);
    output.destroy(err as Error);
  };
  zip.on("error", fail);
  zip.addBuffer(Buffer.from(getExportReadme(data.kinds, churchName, now)), "README.txt", { mtime: now });
  for (const kind of data.kinds) {
    const csv = Readable.from(kindCsv(ctx, data, kind, opts.pageRows ?? PAGE_ROWS)).on("error", fail);
    zip.addReadStream(csv, kind.file, { mtime: now });
  }
  zip.end();
  return { stream: zip.outputStream, churchName };
}
