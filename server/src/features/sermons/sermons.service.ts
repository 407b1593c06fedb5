import { SERMON_REGULAR_COUNT } from "@common/badges";
import { POINTS } from "@common/points";
import type { TPublicSermon, TSermon, TWatchResult, ZSermonBody } from "@common/sermons";
import { toLocalDate } from "@common/time";
import { desc, eq, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { TDb } from "../../db/client";
import { churches } from "../../db/schema/churches";
import { sermons, sermonViews } from "../../db/schema/sermons";
import { grantBadge } from "../../lib/badges";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { awardPoints, countAwards } from "../../lib/points";
import { recordActivity } from "../admin/activity.repo";
import { completeOnboardingStepFor } from "../onboarding/onboarding.service";
import { findSermon, findSermons, findSpeakers, isWatched, toSermon } from "./sermons.repo";

type TSermonInput = z.output<typeof ZSermonBody>;

const NOT_FOUND = "Sermon Not Found";

export function listSermons(
  ctx: TChurchCtx,
  q: { search?: string; speaker?: string; limit?: number; offset?: number },
) {
  return findSermons(ctx, q);
}

export function listSpeakers(ctx: TChurchCtx) {
  return findSpeakers(ctx);
}

/** The sermon, counting this member's view once per day (in the church's time zone). */
export async function viewSermon(ctx: TChurchCtx, id: string): Promise<TSermon> {
  const sermon = await findSermon(ctx, id);
  if (!sermon) throw notFound(NOT_FOUND);
  const day = toLocalDate(new Date(), ctx.timeZone);
  const counted = await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(sermonViews)
      .values({ sermonId: id, userId: ctx.userId, day })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return null;
    const [row] = await tx
      .update(sermons)
      .set({ viewCount: sql`${sermons.viewCount} + 1` })
      .where(churchRow(sermons, ctx, id))
      .returning({ viewCount: sermons.viewCount });
    return row.viewCount;
  });
  return counted === null ? sermon : { ...sermon, viewCount: counted };
}

/**
 * A sermon for a visitor who is not signed in (a shared link): its title, speaker, date, series
 * and passage, and the church's name and logo; the rest is for the church's members. No view is counted.
 */
export async function getPublicSermon(db: TDb, id: string): Promise<TPublicSermon> {
  const [row] = await db
    .select({
      id: sermons.id,
      title: sermons.title,
      speaker: sermons.speaker,
      date: sermons.date,
      series: sermons.series,
      scripture: sermons.scripture,
      church: { name: churches.name, logoUrl: churches.logoUrl },
    })
    .from(sermons)
    .innerJoin(churches, eq(churches.id, sermons.churchId))
    .where(eq(sermons.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return { ...row, date: `${row.date}T00:00:00.000Z` };
}

const toValues = (body: TSermonInput) => ({
  title: body.title,
  speaker: body.speaker,
  date: body.date.slice(0, 10),
  duration: body.duration,
  videoUrl: body.videoUrl,
  audioUrl: body.audioUrl,
  notesUrl: body.notesUrl,
  series: body.series,
  scripture: body.scripture,
  description: body.description,
  notes: body.notes,
  tags: body.tags,
});

/** Every write to a church's sermons ends here: each process drops its cached sermon list. */
const sermonsChanged = (ctx: TChurchCtx) => ctx.changed("sermons", ctx.churchId);

export async function createSermon(ctx: TChurchCtx, body: TSermonInput): Promise<TSermon> {
  const sermon = await ctx.db.transaction(async (db) => {
    const [row] = await db
      .insert(sermons)
      .values({ ...toValues(body), churchId: ctx.churchId, createdBy: ctx.userId })
      .returning();
    await recordActivity({ ...ctx, db }, "sermon_created", `New sermon: ${row.title} (${row.speaker})`);
    return toSermon({ ...row, isWatched: false });
  });
  await sermonsChanged(ctx);
  return sermon;
}

export async function updateSermon(ctx: TChurchCtx, id: string, body: TSermonInput): Promise<TSermon> {
  const [row] = await ctx.db
    .update(sermons)
    .set({ ...toValues(body), updatedAt: new Date() })
    .where(churchRow(sermons, ctx, id))
    .returning({ id: sermons.id });
  if (!row) throw notFound(NOT_FOUND);
  await sermonsChanged(ctx);
  return (await findSermon(ctx, id)) as TSermon;
}

export async function deleteSermon(ctx: TChurchCtx, id: string): Promise<void> {
  const rows = await ctx.db
    .delete(sermons)
    .where(churchRow(sermons, ctx, id))
    .returning({ id: sermons.id });
  if (rows.length === 0) throw notFound(NOT_FOUND);
  await sermonsChanged(ctx);
}

/** Spec 1: +10 points once per member per sermon; a repeat answers 0 points. */
export async function watchSermon(ctx: TChurchCtx, id: string): Promise<TWatchResult> {
  if (!(await findSermon(ctx, id))) throw notFound(NOT_FOUND);
  const { awarded, total } = await awardPoints(ctx, "sermon_watch", id, POINTS.sermonWatch);
  // Onboarding (spec 2 §4): watching a sermon completes the journey's "explore_sermons" step (paid once).
  const points = awarded > 0 ? (await completeOnboardingStepFor(ctx, "explore_sermons")).total : total;
  if (awarded > 0 && (await countAwards(ctx, "sermon_watch")) >= SERMON_REGULAR_COUNT) {
    await grantBadge(ctx, "sermon_regular");
  }
  return { pointsAwarded: awarded, points, isWatched: true };
}

/** Real related sermons: same series first, then the same speaker or shared topics; newest first. */
export async function listRelatedSermons(ctx: TChurchCtx, id: string, limit: number): Promise<TSermon[]> {
  const sermon = await findSermon(ctx, id);
  if (!sermon) throw notFound(NOT_FOUND);
  // One JSON parameter: a plain array would be spread into a list of parameters.
  const tags = sql`array(select jsonb_array_elements_text(${JSON.stringify(sermon.tags)}::jsonb))`;
  const sameSeries = sermon.series ? sql`${sermons.series} = ${sermon.series}` : sql`false`;
  const score = sql`(case when ${sameSeries} then 4 else 0 end) + (case when ${sermons.speaker} = ${sermon.speaker} then 2 else 0 end) + cardinality(array(select unnest(${sermons.tags}) intersect select unnest(${tags})))`;
  const rows = await ctx.db
    .select({ sermon: sermons, isWatched: isWatched(ctx) })
    .from(sermons)
    .where(
      inChurch(
        sermons,
        ctx,
        ne(sermons.id, id),
        or(sameSeries, eq(sermons.speaker, sermon.speaker), sql`${sermons.tags} && ${tags}`),
      ),
    )
    .orderBy(desc(score), desc(sermons.date))
    .limit(limit);
  return rows.map((r) => toSermon({ ...r.sermon, isWatched: r.isWatched }));
}
