import { isAdminRole } from "@common/roles";
import { getSermonThumbnailUrl } from "@common/sermon-thumbnail";
import type { TSermon, TSermonSeries } from "@common/sermons";
import { asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { pointsLedger } from "../../db/schema/points";
import { sermons } from "../../db/schema/sermons";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { isAwarded } from "../../lib/points";

export type TSermonRow = typeof sermons.$inferSelect;

/**
 * Whether the signed-in member has been paid for watching: the ledger is the record. The sermon's
 * id is named with its table: in a one-table query Drizzle leaves the table out.
 */
export const isWatched = (ctx: TChurchCtx) => isAwarded(ctx, "sermon_watch", sql`"sermons"."id"::text`);

/**
 * Members never see a draft (a stopped live stream's recording) anywhere: every member-facing read
 * adds this condition. Admins see drafts only where they ask for them (Manage Sermons) or open one.
 */
export const isPublished = eq(sermons.isDraft, false);

/** Whether the caller may see drafts at all: admins only (SUPER_ADMIN has every ADMIN right). */
export const canSeeDrafts = (ctx: Pick<TChurchCtx, "role">) => isAdminRole(ctx.role);

export function toSermon(row: TSermonRow & { isWatched: boolean }): TSermon {
  return {
    id: row.id,
    title: row.title,
    speaker: row.speaker,
    pastor: row.speaker,
    date: `${row.date}T00:00:00.000Z`,
    duration: row.duration,
    videoUrl: row.videoUrl,
    audioUrl: row.audioUrl,
    notesUrl: row.notesUrl,
    series: row.series,
    scripture: row.scripture,
    description: row.description,
    notes: row.notes,
    tags: row.tags,
    viewCount: row.viewCount,
    isWatched: row.isWatched,
    isDraft: row.isDraft,
    createdAt: row.createdAt.toISOString(),
    thumbnailUrl: getSermonThumbnailUrl(row.videoUrl),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type TSermonQuery = { search?: string; speaker?: string; series?: string; includeDrafts?: boolean };

/** The church's sermons matching the search; published ones only unless drafts are asked for (admins). */
export function sermonFilter(ctx: TChurchCtx, q: TSermonQuery): SQL {
  const like = q.search ? `%${escapeLike(q.search)}%` : undefined;
  return inChurch(
    sermons,
    ctx,
    q.includeDrafts ? undefined : isPublished,
    q.speaker ? eq(sermons.speaker, q.speaker) : undefined,
    q.series ? eq(sermons.series, q.series) : undefined,
    like ? or(ilike(sermons.title, like), ilike(sermons.speaker, like), ilike(sermons.series, like)) : undefined,
  );
}

/** Newest first; the same order for the cached list and the pages. */
const LIST_ORDER = [desc(sermons.date), desc(sermons.createdAt), asc(sermons.id)];
/** A series reads in the order it was preached: oldest first. */
const SERIES_ORDER = [asc(sermons.date), asc(sermons.createdAt), asc(sermons.id)];

/**
 * The church's whole published list for the list cache (every member gets the same JSON, so no
 * drafts), which fills each member's `isWatched` itself.
 */
export async function findChurchSermons(db: TDb, churchId: string): Promise<TSermon[]> {
  const rows = await db
    .select()
    .from(sermons)
    .where(inChurch(sermons, { churchId }, isPublished))
    .orderBy(...LIST_ORDER);
  return rows.map((r) => toSermon({ ...r, isWatched: false }));
}

/** The church's newest `n` published sermons: `n` rows through sermons_church_date_idx, not the archive. */
export function newestSermonsQuery(db: TDb, churchId: string, n: number) {
  return db
    .select()
    .from(sermons)
    .where(inChurch(sermons, { churchId }, isPublished))
    .orderBy(...LIST_ORDER)
    .limit(n);
}

/** The newest `n` published sermons and the church's count of them, for the head cache (marks filled there). */
export async function findNewestSermons(
  db: TDb,
  churchId: string,
  n: number,
): Promise<{ rows: TSermon[]; total: number }> {
  const [rows, [c]] = await Promise.all([
    newestSermonsQuery(db, churchId, n),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sermons)
      .where(inChurch(sermons, { churchId }, isPublished)),
  ]);
  return { rows: rows.map((r) => toSermon({ ...r, isWatched: false })), total: c.n };
}

/** Which of these sermons the member has been paid for watching (the ledger's key index, `ids` rows at most). */
export async function findWatchedAmong(ctx: TChurchCtx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ctx.db
    .select({ key: pointsLedger.key })
    .from(pointsLedger)
    .where(
      inChurch(
        pointsLedger,
        ctx,
        eq(pointsLedger.userId, ctx.userId),
        eq(pointsLedger.kind, "sermon_watch"),
        inArray(pointsLedger.key, ids),
      ),
    );
  return new Set(rows.map((r) => r.key));
}

/** A page's sermons and, with `limit`, the total matching (`knownTotal` when the caller kept it). */
export async function findSermons(
  ctx: TChurchCtx,
  q: TSermonQuery & { limit?: number; offset?: number },
  knownTotal?: number,
): Promise<{ rows: TSermon[]; total: number | null }> {
  const where = sermonFilter(ctx, q);
  const base = ctx.db
    .select({ sermon: sermons, isWatched: isWatched(ctx) })
    .from(sermons)
    .where(where)
    .orderBy(...(q.series ? SERIES_ORDER : LIST_ORDER))
    .$dynamic();
  const rows = q.limit !== undefined ? await base.limit(q.limit).offset(q.offset ?? 0) : await base;
  let total: number | null = knownTotal ?? null;
  if (q.limit !== undefined && total === null) {
    const [c] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(sermons).where(where);
    total = c.n;
  }
  return { rows: rows.map((r) => toSermon({ ...r.sermon, isWatched: r.isWatched })), total };
}

/** One of the church's sermons, draft or not: each caller decides who may see a draft. */
export async function findSermon(ctx: TChurchCtx, id: string): Promise<TSermon | undefined> {
  const [row] = await ctx.db
    .select({ sermon: sermons, isWatched: isWatched(ctx) })
    .from(sermons)
    .where(churchRow(sermons, ctx, id));
  return row ? toSermon({ ...row.sermon, isWatched: row.isWatched }) : undefined;
}

export async function findSpeakers(ctx: TChurchCtx, includeDrafts = false): Promise<string[]> {
  const rows = await ctx.db
    .selectDistinct({ speaker: sermons.speaker })
    .from(sermons)
    .where(inChurch(sermons, ctx, includeDrafts ? undefined : isPublished))
    .orderBy(asc(sermons.speaker));
  return rows.map((r) => r.speaker);
}

/** A series' heading: how many published sermons it has and the dates of its first and last; null when none. */
export async function findSeries(ctx: TChurchCtx, name: string): Promise<TSermonSeries | null> {
  const [row] = await ctx.db
    .select({
      count: sql<number>`count(*)::int`,
      first: sql<string | null>`min(${sermons.date})::text`,
      last: sql<string | null>`max(${sermons.date})::text`,
    })
    .from(sermons)
    .where(inChurch(sermons, ctx, isPublished, eq(sermons.series, name)));
  if (!row?.count || !row.first || !row.last) return null;
  return { name, count: row.count, firstDate: `${row.first}T00:00:00.000Z`, lastDate: `${row.last}T00:00:00.000Z` };
}
