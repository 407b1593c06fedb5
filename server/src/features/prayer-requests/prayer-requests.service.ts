import { getMemberDisplayName } from "@common/member-helpers";
import {
  PRAYER_REQUESTS_PER_HOUR,
  PRAYER_REQUESTS_RATE_LIMITED,
  type TPrayerRequest,
  type TPrayResult,
  type ZPrayerAnsweredBody,
  type ZPrayerRequestBody,
  type ZPrayerRequestListQuery,
} from "@common/prayer";
import { isAdminRole } from "@common/roles";
import { count, eq, gt, inArray, isNull, min } from "drizzle-orm";
import type { z } from "zod";
import { prayerRequestPrayers, prayerRequests } from "../../db/schema/prayer";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { enforceHourlyLimit } from "../../lib/hourly-limit";
import { dayKey } from "../../lib/points";
import { recordActivity } from "../admin/activity.repo";
import { notify } from "../notifications/notify";
import { completeOnboardingStepFor } from "../onboarding/onboarding.service";
import {
  findPrayedToday,
  findPrayerRequest,
  findPrayerRequests,
  isVisibleTo,
  olderThan,
  toPrayerRequest,
} from "./prayer-requests.repo";
import { PRAYER_WALL_ROWS, type PrayerWallCache } from "./prayer-wall-cache";

const NOT_FOUND = "Prayer request not found";
const ANSWERED = "This prayer has been answered";

/**
 * `GET /api/prayer-requests`: a page of the prayer wall, newest first. A first page is cut from the
 * church's newest requests kept in `wall`; only the caller's prayers today are read for it. Later
 * pages, and a first page the kept rows cannot fill, are one query.
 */
export async function listPrayerRequests(
  ctx: TChurchCtx,
  query: z.output<typeof ZPrayerRequestListQuery>,
  wall: PrayerWallCache,
  now = new Date(),
): Promise<TPrayerRequest[]> {
  if (!query.before && query.limit <= PRAYER_WALL_ROWS) {
    const { rows, isComplete } = await wall.get(ctx.churchId);
    const visible = rows.filter((r) => isVisibleTo(ctx, r));
    if (visible.length >= query.limit || isComplete) {
      const page = visible.slice(0, query.limit);
      const prayed = await findPrayedToday(
        ctx,
        page.map((r) => r.id),
        now,
      );
      return page.map((r) => toPrayerRequest(ctx, r, prayed.has(r.id)));
    }
  }
  return findPrayerRequests(ctx, query.before ? olderThan(ctx, query.before) : undefined, query.limit, now);
}

/** Every write that changes the church's wall ends here, after it commits: each process drops its copy. */
const prayerChanged = (ctx: TChurchCtx) => ctx.changed("prayer", ctx.churchId);

async function getPrayerRequest(ctx: TChurchCtx, id: string, now = new Date()): Promise<TPrayerRequest> {
  const found = await findPrayerRequest(ctx, id, now);
  if (!found) throw notFound(NOT_FOUND);
  return found;
}

/**
 * Shares a request. The admins' activity feed gets a line: the author's name for a named request,
 * and for an anonymous one a line with no user at all. Only a named request completes the
 * onboarding step: the step's ledger row, timed with an anonymous request, would name its author.
 * At most PRAYER_REQUESTS_PER_HOUR a member an hour, anonymous or not (429 past it).
 */
export async function createPrayerRequest(
  ctx: TChurchCtx,
  body: z.output<typeof ZPrayerRequestBody>,
): Promise<TPrayerRequest> {
  const id = await ctx.db.transaction(async (tx) => {
    await enforceHourlyLimit(tx, {
      key: `prayer-requests-from:${ctx.userId}`,
      limit: PRAYER_REQUESTS_PER_HOUR,
      message: PRAYER_REQUESTS_RATE_LIMITED,
      countSince: async (since) => {
        const [shared] = await tx
          .select({ n: count(), oldest: min(prayerRequests.createdAt) })
          .from(prayerRequests)
          .where(
            inChurch(prayerRequests, ctx, eq(prayerRequests.authorId, ctx.userId), gt(prayerRequests.createdAt, since)),
          );
        return shared;
      },
    });
    const [row] = await tx
      .insert(prayerRequests)
      .values({
        churchId: ctx.churchId,
        authorId: ctx.userId,
        title: body.title,
        description: body.description,
        isAnonymous: body.isAnonymous,
        visibility: body.visibility,
        // The app's clock, as for every day and week the app decides.
        createdAt: new Date(),
      })
      .returning({ id: prayerRequests.id });
    // The activity feed is the admins', who see a "leaders" request too; the line says which it is.
    const forLeaders = body.visibility === "leaders" ? " for the pastors and leaders" : "";
    if (body.isAnonymous) {
      await recordActivity(
        { db: tx, churchId: ctx.churchId, userId: null },
        "prayer_request",
        `A prayer request was shared${forLeaders}`,
      );
    } else {
      const [author] = await tx
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, ctx.userId));
      await recordActivity(
        { db: tx, churchId: ctx.churchId, userId: ctx.userId },
        "prayer_request",
        `${getMemberDisplayName(author)} shared a prayer request${forLeaders}`,
      );
    }
    return row.id;
  });
  await prayerChanged(ctx);
  if (!body.isAnonymous) await completeOnboardingStepFor(ctx, "prayer_requests");
  return getPrayerRequest(ctx, id);
}

/**
 * Marks a request answered, by its author or an admin (403 for anyone else who can see it). There
 * is no way back (spec 1 §4): answering it again changes nothing and answers 200.
 */
export async function markPrayerAnswered(
  ctx: TChurchCtx,
  id: string,
  body: z.output<typeof ZPrayerAnsweredBody>,
): Promise<TPrayerRequest> {
  const request = await getPrayerRequest(ctx, id);
  if (!request.isMine && !isAdminRole(ctx.role))
    throw forbidden("Only its author or an admin can mark a prayer answered.");
  if (request.isAnswered) return request;
  await ctx.db.transaction(async (tx) => {
    const [answered] = await tx
      .update(prayerRequests)
      .set({ answeredAt: new Date(), answerNote: body.answerNote })
      // Of two concurrent answers the first wins; the second leaves it as it was (and tells nobody).
      .where(inChurch(prayerRequests, ctx, eq(prayerRequests.id, id), isNull(prayerRequests.answeredAt)))
      .returning({ authorId: prayerRequests.authorId });
    if (answered) await notifyAnswered({ ...ctx, db: tx }, request, answered.authorId);
  });
  await prayerChanged(ctx);
  return getPrayerRequest(ctx, id);
}

/**
 * Everyone who prayed for an answered request hears of it; not its author, nor whoever marked it.
 * Of a "leaders" request, only those who may still see it: an admin who prayed and has since become
 * a member hears nothing (issue 24).
 */
async function notifyAnswered(ctx: TChurchCtx, request: TPrayerRequest, authorId: string | null) {
  const prayed = await ctx.db
    .selectDistinct({ userId: prayerRequestPrayers.userId })
    .from(prayerRequestPrayers)
    .innerJoin(users, eq(users.id, prayerRequestPrayers.userId))
    .where(
      inChurch(
        prayerRequestPrayers,
        ctx,
        eq(prayerRequestPrayers.requestId, request.id),
        request.visibility === "leaders" ? inArray(users.role, ["ADMIN", "SUPER_ADMIN"]) : undefined,
      ),
    );
  const userIds = prayed.map((p) => p.userId).filter((u) => u !== authorId && u !== ctx.userId);
  await notify(ctx.db, ctx, {
    kind: "prayer_answered",
    to: { userIds },
    title: "Prayer answered",
    message: `A request you prayed for has been answered: ${request.title}`,
    link: "/prayer-requests",
    relatedId: request.id,
  });
}

/** Hides a request from members (its author still sees it, marked hidden) or shows it again. Admins only. */
export async function setPrayerHidden(ctx: TChurchCtx, id: string, hidden: boolean): Promise<TPrayerRequest> {
  const [row] = await ctx.db
    .update(prayerRequests)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(churchRow(prayerRequests, ctx, id))
    .returning({ id: prayerRequests.id });
  if (!row) throw notFound(NOT_FOUND);
  await prayerChanged(ctx);
  return getPrayerRequest(ctx, id);
}

/**
 * The author hears that someone prayed for their request, at most once a day per request however
 * many pray, and never who (an anonymous request's author included: only they get it).
 */
async function notifyPrayedFor(ctx: TChurchCtx, request: TPrayerRequest, day: string) {
  const [row] = await ctx.db
    .select({ authorId: prayerRequests.authorId })
    .from(prayerRequests)
    .where(churchRow(prayerRequests, ctx, request.id));
  if (!row?.authorId) return;
  await notify(ctx.db, ctx, {
    kind: "prayer_prayed",
    to: { userIds: [row.authorId] },
    title: "Someone prayed for you",
    message: `Someone prayed for your request: ${request.title}`,
    link: "/prayer-requests",
    relatedId: request.id,
    dedupeKey: `prayed:${request.id}:${day}`,
  });
}

/**
 * "I prayed": counted once per member, request and church day; the prayers' unique key decides
 * under any race. An answered request takes no more prayers (409). The first prayer of a day also
 * completes the onboarding step "prayer_requests".
 */
export async function prayForRequest(ctx: TChurchCtx, id: string, now = new Date()): Promise<TPrayResult> {
  const request = await getPrayerRequest(ctx, id, now);
  if (request.isAnswered) throw conflict(ANSWERED);
  const day = dayKey(ctx, now);
  const counted = await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(prayerRequestPrayers)
      .values({ requestId: id, churchId: ctx.churchId, userId: ctx.userId, day, createdAt: now })
      .onConflictDoNothing()
      .returning({ requestId: prayerRequestPrayers.requestId });
    if (inserted.length > 0 && !request.isMine) await notifyPrayedFor({ ...ctx, db: tx }, request, day);
    return inserted.length > 0;
  });
  // The count changed for everyone; "prayed today" is read per caller anyway.
  if (counted) await prayerChanged(ctx);
  if (counted) await completeOnboardingStepFor(ctx, "prayer_requests");
  const [prayed] = await ctx.db
    .select({ n: count() })
    .from(prayerRequestPrayers)
    .where(inChurch(prayerRequestPrayers, ctx, eq(prayerRequestPrayers.requestId, id)));
  return { counted, prayedCount: prayed.n, prayedToday: true };
}
