import type { TAuditActor, TAuditEntryResponse, ZAuditQuery } from "@common/audit";
import type { TLanguage } from "@common/i18n/locales";
import type en from "@common/locales/en/audit.json";
import { toLocalDate, zonedTimeToUtc } from "@common/time";
import { asc, desc, eq, getTableColumns, gte, isNotNull, isNull, lt, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { TDb } from "../../db/client";
import { auditEntries } from "../../db/schema/audit";
import { recordAudit } from "../../lib/audit";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { toCsv } from "../../lib/csv";
import { hasMessage, serverCatalog, type TServerTranslate } from "../../lib/i18n";
import { afterCursor, cursorTime, type TPage } from "../../lib/list-page";

/**
 * The read side of the audit trail (issue 25 §2): the admin's Audit log page and its CSV. Entries are
 * written by each change's own service (lib/audit.ts) and never changed here.
 */

type TQuery = z.output<typeof ZAuditQuery>;
type TEntryRow = typeof auditEntries.$inferSelect;

/** A day (`YYYY-MM-DD`) in the church's zone as the instant it begins. */
function dayStart(day: string, timeZone: string, plusDays = 0): Date {
  const [y, m, d] = day.split("-").map(Number);
  return zonedTimeToUtc(y, m, d + plusDays, timeZone);
}

function filters(ctx: Pick<TChurchCtx, "churchId" | "timeZone">, q: TQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (q.action) conditions.push(eq(auditEntries.action, q.action));
  if (q.actorId === "system") conditions.push(isNull(auditEntries.actorId));
  else if (q.actorId) conditions.push(eq(auditEntries.actorId, q.actorId));
  if (q.from) conditions.push(gte(auditEntries.createdAt, dayStart(q.from, ctx.timeZone)));
  // `to` is included: up to the start of the next day.
  if (q.to) conditions.push(lt(auditEntries.createdAt, dayStart(q.to, ctx.timeZone, 1)));
  conditions.push(afterCursor(auditEntries.createdAt, auditEntries.id, q.after, "desc"));
  return inChurch(auditEntries, ctx, ...conditions);
}

function toEntry(row: TEntryRow): TAuditEntryResponse {
  return {
    id: row.id,
    action: row.action,
    actor: row.actorId
      ? { id: row.actorId, firstName: row.actorFirstName ?? "", lastName: row.actorLastName ?? "" }
      : null,
    targetType: row.targetType,
    targetId: row.targetId,
    changes: row.changes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `limit` entries from `offset` (or after the cursor `after`), newest first; `at` is each one's cursor time. */
export function findEntries(db: TDb, ctx: Pick<TChurchCtx, "churchId" | "timeZone">, q: TQuery, limit = q.limit) {
  return db
    .select({ ...getTableColumns(auditEntries), at: cursorTime(auditEntries.createdAt) })
    .from(auditEntries)
    .where(filters(ctx, q))
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
    .limit(limit)
    .offset(q.offset);
}

/**
 * A page of the church's entries, newest first, and the cursor of its last when more follow (issue 30):
 * the next page starts at that entry on audit_entries_church_idx, however deep it is, where an offset
 * would read and drop every entry before it.
 */
export async function listAuditEntriesPage(ctx: TChurchCtx, q: TQuery): Promise<TPage<TAuditEntryResponse[]>> {
  const rows = await findEntries(ctx.db, ctx, q, q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(toEntry),
    next: rows.length > q.limit && last ? { at: last.at, id: last.id } : null,
  };
}

/** Everyone who appears as the actor of an entry, by name (for the page's person filter). */
export async function listAuditActors(ctx: TChurchCtx): Promise<TAuditActor[]> {
  const rows = await ctx.db
    .selectDistinctOn([auditEntries.actorId], {
      id: auditEntries.actorId,
      firstName: auditEntries.actorFirstName,
      lastName: auditEntries.actorLastName,
    })
    .from(auditEntries)
    .where(inChurch(auditEntries, ctx, isNotNull(auditEntries.actorId)))
    .orderBy(asc(auditEntries.actorId), desc(auditEntries.createdAt));
  return rows
    .map((r) => ({ id: r.id as string, firstName: r.firstName ?? "", lastName: r.lastName ?? "" }))
    .sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`));
}

/** A value of `changes` in a cell: text as it is, anything else as JSON. */
const cellValue = (v: unknown) => (v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v));

type TAuditWords = TServerTranslate<typeof en>;
const auditWords = serverCatalog<typeof en>("audit");

/** `field: before → after; ...` for a CSV cell (field names are the API's, not translated). */
function changesText(changes: Record<string, [unknown, unknown]>, t: TAuditWords): string {
  const none = t("changes.none");
  return Object.entries(changes)
    .map(([field, [before, after]]) => `${field}: ${cellValue(before) || none} → ${cellValue(after) || none}`)
    .join("; ");
}

/** An action's words (the Audit log page's), or its name for one this release does not know. */
const actionLabel = (action: string, t: TAuditWords) =>
  hasMessage("audit", `action.${action}`) ? t(`action.${action}` as keyof typeof en & string) : action;

const CSV_COLUMNS = [
  "csv.whenUtc",
  "csv.churchDate",
  "csv.who",
  "csv.personId",
  "csv.action",
  "csv.actionName",
  "csv.target",
  "csv.targetId",
  "csv.changes",
  "csv.address",
] as const;

/** The header row in `language` (English: "When (UTC),Date (church time),Who,..."). */
export const auditCsvHeader = (language: TLanguage) => CSV_COLUMNS.map((k) => auditWords(language)(k));

/**
 * The same entries as a CSV (the same filters, limit and offset), in the admin's language: the file is
 * read by people (a board, an auditor), so its header, actions, "System" and "(none)" are in their
 * words, while the columns a program reads stay as the API has them (ISO time, ids, the action's
 * name, the target's type, field names). The download itself is recorded (`export.downloaded`, after
 * the read: the file does not hold its own entry).
 */
export async function exportAuditCsv(ctx: TChurchCtx, q: TQuery, language: TLanguage): Promise<string> {
  const t = auditWords(language);
  return ctx.db.transaction(async (tx) => {
    const rows = await findEntries(tx, ctx, q);
    const csv = toCsv(
      auditCsvHeader(language),
      rows.map((r) => [
        r.createdAt.toISOString(),
        toLocalDate(r.createdAt, ctx.timeZone),
        r.actorId ? `${r.actorFirstName ?? ""} ${r.actorLastName ?? ""}`.trim() : t("actor.system"),
        r.actorId,
        actionLabel(r.action, t),
        r.action,
        r.targetType,
        r.targetId,
        changesText(r.changes, t),
        r.ip,
      ]),
    );
    await recordAudit(tx, ctx, {
      action: "export.downloaded",
      targetType: "audit",
      targetId: null,
      changes: { rows: [null, rows.length] },
    });
    return csv;
  });
}
