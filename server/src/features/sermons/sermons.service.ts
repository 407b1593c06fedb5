import { SERMON_REGULAR_COUNT } from "@common/badges";
import { readerUrl } from "@common/bible-plan";
import { POINTS } from "@common/points";
import { scripturePassage } from "@common/scripture";
import type { TPublicSermon, TSermon, TSermonDetail, TSermonSeries, TWatchResult, ZSermonBody } from "@common/sermons";
import { toLocalDate } from "@common/time";
import { and, desc, eq, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { TDb } from "../../db/client";
import { churches } from "../../db/schema/churches";
import { sermons, sermonViews } from "../../db/schema/sermons";
import { auditChanges, recordAudit } from "../../lib/audit";
import { grantBadge } from "../../lib/badges";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { publish } from "../../lib/domain-events";
import { forbidden, notFound } from "../../lib/errors";
import { awardPoints, countAwards } from "../../lib/points";
import { inTransaction } from "../../lib/transaction";
import { findBibleReader } from "../reading/reading.service";
import type { SermonHeadCache } from "./sermon-head-cache";
import {
  canSeeDrafts,
  findSeries,
  findSermon,
  findSermons,
  findSpeakers,
  isPublished,
  isWatched,
  type TSermonQuery,
  toSermon,
} from "./sermons.repo";

type TSermonInput = z.output<typeof ZSermonBody>;

const NOT_FOUND = "Sermon Not Found";

/** Asking for drafts is for admins (Manage Sermons); a member who asks is told no rather than ignored. */
function assertMayListDrafts(ctx: TChurchCtx, includeDrafts: boolean | undefined) {
  if (includeDrafts && !canSeeDrafts(ctx)) throw forbidden("Only admins can see sermon drafts");
}

/**
 * A page of the church's sermons. The plain list's pages (no search or filter: the dashboard's
 * newest three, the archive's first page) come from the head cache when it holds them, and every
 * plain page takes its total from there: counting the archive per request grew with it.
 */
export async function listSermons(
  ctx: TChurchCtx,
  q: TSermonQuery & { limit?: number; offset?: number },
  head?: SermonHeadCache,
) {
  assertMayListDrafts(ctx, q.includeDrafts);
  const isPlain = !q.search && !q.speaker && !q.series && !q.includeDrafts;
  if (!head || !isPlain || q.limit === undefined) return findSermons(ctx, q);
  const page = await head.getPage(ctx, q.limit, q.offset ?? 0);
  return page ?? findSermons(ctx, q, await head.getTotal(ctx.churchId));
}

export function listSpeakers(ctx: TChurchCtx, q: { includeDrafts?: boolean } = {}) {
  assertMayListDrafts(ctx, q.includeDrafts);
  return findSpeakers(ctx, q.includeDrafts);
}

/** `GET /api/sermons/series?name=`: a series of the church's published sermons, or 404. */
export async function getSeries(ctx: TChurchCtx, name: string): Promise<TSermonSeries> {
  const series = await findSeries(ctx, name);
  if (!series) throw notFound("Series Not Found");
  return series;
}

/** The sermon with its scripture as a link into the church's Bible reader, when the reference reads as a passage. */
async function withScriptureUrl(ctx: TChurchCtx, sermon: TSermon): Promise<TSermonDetail> {
  const passage = scripturePassage(sermon.scripture);
  if (!passage) return { ...sermon, scriptureUrl: null };
  const reader = await findBibleReader(ctx);
  return { ...sermon, scriptureUrl: readerUrl(passage, reader.pattern, reader.translation) };
}

/** The sermon if the caller may see it: a draft is an admin's; to a member it does not exist (404). */
async function getVisibleSermon(ctx: TChurchCtx, id: string): Promise<TSermon> {
  const sermon = await findSermon(ctx, id);
  if (!sermon || (sermon.isDraft && !canSeeDrafts(ctx))) throw notFound(NOT_FOUND);
  return sermon;
}

/**
 * The sermon, counting this member's view once per day (in the church's time zone). An admin may
 * open a draft to check it before publishing; no view is counted on a draft.
 */
export async function viewSermon(ctx: TChurchCtx, id: string): Promise<TSermonDetail> {
  const sermon = await withScriptureUrl(ctx, await getVisibleSermon(ctx, id));
  if (sermon.isDraft) return sermon;
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
      church: { name: churches.name, logoUrl: churches.logoUrl, brandColor: churches.brandColor },
    })
    .from(sermons)
    .innerJoin(churches, eq(churches.id, sermons.churchId))
    // A draft's link answers as if it did not exist, like a missing sermon.
    .where(and(eq(sermons.id, id), isPublished));
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

/**
 * A sermon the church sees from now on (created published, or a draft published): `sermon.published`
 * in the same transaction; members are told and the activity line written by its subscribers.
 */
const sermonPublished = (db: TDb, ctx: TChurchCtx, s: { id: string; title: string; speaker: string }) =>
  publish(db, "sermon.published", {
    churchId: ctx.churchId,
    actorId: ctx.userId,
    sermonId: s.id,
    title: s.title,
    speaker: s.speaker,
  });

/** Every write to a church's sermons ends here: each process drops its cached sermon list. */
const sermonsChanged = (ctx: TChurchCtx) => ctx.changed("sermons", ctx.churchId);

/** The audited fields of a sermon (all the edit form's; `notes` is the admin's text, kept like the rest). */
const AUDITED = [
  "title",
  "speaker",
  "date",
  "duration",
  "videoUrl",
  "audioUrl",
  "notesUrl",
  "series",
  "scripture",
  "description",
  "notes",
  "tags",
  "isDraft",
] as const;
type TAudited = Partial<Record<(typeof AUDITED)[number], unknown>>;
const sermonChanges = (before: TAudited | null, after: TAudited | null) =>
  auditChanges<TAudited>(before, after, { fields: [...AUDITED] });

export async function createSermon(ctx: TChurchCtx, body: TSermonInput): Promise<TSermon> {
  const sermon = await ctx.db.transaction(async (db) => {
    const [row] = await db
      .insert(sermons)
      // On the app's clock, as the weekly digest's window that reads it (issue 30).
      .values({ ...toValues(body), churchId: ctx.churchId, createdBy: ctx.userId, createdAt: new Date() })
      .returning();
    await sermonPublished(db, ctx, row);
    await recordAudit(db, ctx, {
      action: "sermon.created",
      targetType: "sermon",
      targetId: row.id,
      changes: sermonChanges(null, { ...toValues(body), isDraft: false }),
    });
    return toSermon({ ...row, isWatched: false });
  });
  await sermonsChanged(ctx);
  return sermon;
}

/**
 * A sermon draft (issue 10: a stopped live stream with Record Stream on and a URL) that only admins
 * see until one publishes it: made by the sermons' subscriber of `live.ended` (sermons.subscribers.ts)
 * in its transaction, by the admin who stopped the stream, and audited as theirs. The caller tells
 * the processes that the sermons changed once it commits.
 */
export async function createSermonDraft(
  ctx: { db: TDb; churchId: string; userId: string | null },
  draft: { title: string; speaker: string; date: string; videoUrl: string | null; description: string | null },
): Promise<{ id: string }> {
  const [row] = await ctx.db
    .insert(sermons)
    .values({
      title: draft.title,
      speaker: draft.speaker,
      date: draft.date,
      videoUrl: draft.videoUrl,
      description: draft.description,
      isDraft: true,
      churchId: ctx.churchId,
      createdBy: ctx.userId,
    })
    .returning({ id: sermons.id });
  await recordAudit(ctx.db, ctx, {
    action: "sermon.created",
    targetType: "sermon",
    targetId: row.id,
    changes: sermonChanges(null, { ...draft, isDraft: true }),
  });
  return row;
}

/**
 * `POST /api/sermons/{id}/publish`: members see the draft from now on. The recent activity says
 * "New sermon" at this moment, when the church first sees it; publishing a published sermon
 * changes nothing and answers it all the same.
 */
export async function publishSermon(ctx: TChurchCtx, id: string): Promise<TSermon> {
  const published = await ctx.db.transaction(async (db) => {
    const [row] = await db
      .update(sermons)
      .set({ isDraft: false, updatedAt: new Date() })
      .where(and(churchRow(sermons, ctx, id), eq(sermons.isDraft, true)))
      .returning({ id: sermons.id, title: sermons.title, speaker: sermons.speaker });
    if (!row) return false;
    await sermonPublished(db, ctx, row);
    await recordAudit(db, ctx, {
      action: "sermon.updated",
      targetType: "sermon",
      targetId: row.id,
      changes: sermonChanges({ isDraft: true }, { isDraft: false }),
    });
    return true;
  });
  const sermon = await findSermon(ctx, id);
  if (!sermon) throw notFound(NOT_FOUND);
  if (published) await sermonsChanged(ctx);
  return sermon;
}

/** The edit form's fields; a draft stays a draft until it is published. Audited with what changed. */
export async function updateSermon(ctx: TChurchCtx, id: string, body: TSermonInput): Promise<TSermon> {
  await ctx.db.transaction(async (db) => {
    const [before] = await db
      .select()
      .from(sermons)
      .where(churchRow(sermons, ctx, id))
      .for("update");
    if (!before) throw notFound(NOT_FOUND);
    const values = toValues(body);
    await db
      .update(sermons)
      .set({ ...values, updatedAt: new Date() })
      .where(churchRow(sermons, ctx, id));
    await recordAudit(db, ctx, {
      action: "sermon.updated",
      targetType: "sermon",
      targetId: id,
      changes: sermonChanges(before, values),
    });
  });
  await sermonsChanged(ctx);
  return (await findSermon(ctx, id)) as TSermon;
}

export async function deleteSermon(ctx: TChurchCtx, id: string): Promise<void> {
  await ctx.db.transaction(async (db) => {
    const [row] = await db
      .delete(sermons)
      .where(churchRow(sermons, ctx, id))
      .returning();
    if (!row) throw notFound(NOT_FOUND);
    await recordAudit(db, ctx, {
      action: "sermon.deleted",
      targetType: "sermon",
      targetId: id,
      changes: sermonChanges(row, null),
    });
  });
  await sermonsChanged(ctx);
}

/** Spec 1: +10 points once per member per sermon; a repeat answers 0 points. */
export async function watchSermon(ctx: TChurchCtx, id: string): Promise<TWatchResult> {
  // Nobody, an admin included, is paid for a draft: it is not yet a sermon of the church.
  const sermon = await findSermon(ctx, id);
  if (!sermon || sermon.isDraft) throw notFound(NOT_FOUND);
  const { awarded, total } = await inTransaction(ctx, async (tx) => {
    const paid = await awardPoints(tx, "sermon_watch", id, POINTS.sermonWatch);
    if (paid.awarded === 0) return paid;
    // Onboarding (spec 2 §4): the event completes the journey's "explore_sermons" step (paid once).
    await publish(tx.db, "sermon.watched", { churchId: ctx.churchId, actorId: ctx.userId, sermonId: id });
    if ((await countAwards(tx, "sermon_watch")) >= SERMON_REGULAR_COUNT) await grantBadge(tx, "sermon_regular");
    return paid;
  });
  return { pointsAwarded: awarded, points: total, isWatched: true };
}

/**
 * Real related sermons: same series first, then the same speaker or shared topics; newest first.
 * Published ones only, also for an admin looking at a draft.
 */
export async function listRelatedSermons(ctx: TChurchCtx, id: string, limit: number): Promise<TSermon[]> {
  const sermon = await getVisibleSermon(ctx, id);
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
        isPublished,
        or(sameSeries, eq(sermons.speaker, sermon.speaker), sql`${sermons.tags} && ${tags}`),
      ),
    )
    .orderBy(desc(score), desc(sermons.date))
    .limit(limit);
  return rows.map((r) => toSermon({ ...r.sermon, isWatched: r.isWatched }));
}
