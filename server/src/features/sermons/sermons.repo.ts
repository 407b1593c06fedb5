import type { TSermon } from "@common/sermons";
import { and, asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { sermons } from "../../db/schema";
import type { TChurchCtx } from "../../lib/context";

export type TSermonRow = typeof sermons.$inferSelect;

/**
 * Whether the signed-in member has been paid for watching: the ledger is the record.
 * Columns are named with their tables: in a one-table query Drizzle leaves the table out, and
 * inside this subquery a bare "id" would mean the ledger's own id.
 */
export const isWatchedBy = (userId: string) =>
  sql<boolean>`exists (select 1 from "points_ledger" pl where pl."church_id" = "sermons"."church_id" and pl."user_id" = ${userId} and pl."kind" = 'sermon_watch' and pl."key" = "sermons"."id"::text)`;

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
    createdAt: row.createdAt.toISOString(),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function sermonFilter(ctx: TChurchCtx, q: { search?: string; speaker?: string }): SQL {
  const conditions: SQL[] = [eq(sermons.churchId, ctx.churchId)];
  if (q.speaker) conditions.push(eq(sermons.speaker, q.speaker));
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    conditions.push(or(ilike(sermons.title, like), ilike(sermons.speaker, like), ilike(sermons.series, like)) as SQL);
  }
  return and(...conditions) as SQL;
}

export async function findSermons(
  ctx: TChurchCtx,
  q: { search?: string; speaker?: string; limit?: number; offset?: number },
): Promise<{ rows: TSermon[]; total: number | null }> {
  const where = sermonFilter(ctx, q);
  const base = ctx.db
    .select({ sermon: sermons, isWatched: isWatchedBy(ctx.userId) })
    .from(sermons)
    .where(where)
    .orderBy(desc(sermons.date), desc(sermons.createdAt), asc(sermons.id))
    .$dynamic();
  const rows = q.limit !== undefined ? await base.limit(q.limit).offset(q.offset ?? 0) : await base;
  let total: number | null = null;
  if (q.limit !== undefined) {
    const [c] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(sermons).where(where);
    total = c.n;
  }
  return { rows: rows.map((r) => toSermon({ ...r.sermon, isWatched: r.isWatched })), total };
}

export async function findSermon(ctx: TChurchCtx, id: string): Promise<TSermon | undefined> {
  const [row] = await ctx.db
    .select({ sermon: sermons, isWatched: isWatchedBy(ctx.userId) })
    .from(sermons)
    .where(and(eq(sermons.id, id), eq(sermons.churchId, ctx.churchId)));
  return row ? toSermon({ ...row.sermon, isWatched: row.isWatched }) : undefined;
}

export async function findSpeakers(ctx: TChurchCtx): Promise<string[]> {
  const rows = await ctx.db
    .selectDistinct({ speaker: sermons.speaker })
    .from(sermons)
    .where(eq(sermons.churchId, ctx.churchId))
    .orderBy(asc(sermons.speaker));
  return rows.map((r) => r.speaker);
}
