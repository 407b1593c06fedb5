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
import { count, eq, gt, isNull, min } from "drizzle-orm";
import type { z } from "zod";
import { prayerRequestPrayers, prayerRequests } from "../../db/schema/prayer";
import { auditChanges, recordAudit } from "../../lib/audit";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { prayerActor, publish } from "../../lib/domain-events";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { enforceHourlyLimit } from "../../lib/hourly-limit";
import { dayKey } from "../../lib/points";
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
 * Shares a request and publishes `prayer.created`. The admins' activity feed gets a line from it:
 * the author's name for a named request, and for an anonymous one a line with no user at all. Only a
 * named request completes the onboarding step: an anonymous one's event has no actor (the step's
 * ledger row, timed with it, would name its author). At most PRAYER_REQUESTS_PER_HOUR a member an
 * hour, anonymous or not (429 past it).
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
    // The admins' feed and the onboarding step follow from the event; an anonymous one names nobody.
    await publish(tx, "prayer.created", {
      ...prayerActor(body, ctx.userId),
      churchId: ctx.churchId,
      requestId: row.id,
    });
    return row.id;
  });
  await prayerChanged(ctx);
  return getPrayerRequest(ctx, id);
}

/**
 * Marks a request answered, by its author or an admin (403 for anyone else who can see it). There
 * is no way back (spec 1 §4): answering it again changes nothing and answers 200. Those who prayed
 * are told by the `prayer.answered` subscriber. An admin answering someone else's request leaves an
 * audit entry (the author answering their own is not an admin's change to the church).
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
    const now = new Date();
    const [answered] = await tx
      .update(prayerRequests)
      .set({ answeredAt: now, answerNote: body.answerNote })
      // Of two concurrent answers the first wins; the second leaves it as it was (and tells nobody).
      .where(inChurch(prayerRequests, ctx, eq(prayerRequests.id, id), isNull(prayerRequests.answeredAt)))
      .returning({ authorId: prayerRequests.authorId });
    if (!answered) return;
    await publish(tx, "prayer.answered", {
      ...prayerActor(request, ctx.userId),
      churchId: ctx.churchId,
      requestId: id,
      // An admin answering someone else's request (never the author): not told of their own act.
      answeredBy: answered.authorId === ctx.userId ? null : ctx.userId,
    });
    if (answered.authorId !== ctx.userId)
      await recordAudit(tx, ctx, {
        action: "prayer.answered",
        targetType: "prayer_request",
        targetId: id,
        changes: auditChanges<{ answeredAt: Date | null; answerNote: string | null }>(
          { answeredAt: null, answerNote: null },
          { answeredAt: now, answerNote: body.answerNote ?? null },
        ),
      });
  });
  await prayerChanged(ctx);
  return getPrayerRequest(ctx, id);
}

/**
 * Hides a request from members (its author still sees it, marked hidden) or shows it again. Admins
 * only; each change is an audit entry naming the admin and the request, never its author (an admin
 * hiding their own anonymous request is recorded with no actor, so the entry cannot name them).
 */
export async function setPrayerHidden(ctx: TChurchCtx, id: string, hidden: boolean): Promise<TPrayerRequest> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        hiddenAt: prayerRequests.hiddenAt,
        authorId: prayerRequests.authorId,
        isAnonymous: prayerRequests.isAnonymous,
      })
      .from(prayerRequests)
      .where(churchRow(prayerRequests, ctx, id))
      .for("update");
    if (!before) throw notFound(NOT_FOUND);
    if (Boolean(before.hiddenAt) === hidden) return;
    const hiddenAt = hidden ? new Date() : null;
    await tx
      .update(prayerRequests)
      .set({ hiddenAt })
      .where(churchRow(prayerRequests, ctx, id));
    // The acting admin, always: hiding is moderation, not authorship. (Recording an admin's own
    // anonymous request as "System" would single it out as written by an admin.)
    await recordAudit(tx, ctx, {
      action: hidden ? "prayer.hidden" : "prayer.unhidden",
      targetType: "prayer_request",
      targetId: id,
      changes: auditChanges({ hiddenAt: before.hiddenAt }, { hiddenAt }),
    });
  });
  await prayerChanged(ctx);
  return getPrayerRequest(ctx, id);
}

/**
 * "I prayed": counted once per member, request and church day; the prayers' unique key decides
 * under any race. An answered request takes no more prayers (409). A prayer for someone else's
 * request publishes `prayer.prayed` (the author is told; the onboarding step "prayer_requests").
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
    // The author hears someone prayed (once a day), and the one who prayed completes the onboarding
    // step, from the event. The author praying for their own request is no news to anyone.
    if (inserted.length > 0 && !request.isMine)
      await publish(tx, "prayer.prayed", {
        ...prayerActor(request, ctx.userId),
        churchId: ctx.churchId,
        requestId: id,
      });
    return inserted.length > 0;
  });
  // The count changed for everyone; "prayed today" is read per caller anyway.
  if (counted) await prayerChanged(ctx);
  const [prayed] = await ctx.db
    .select({ n: count() })
    .from(prayerRequestPrayers)
    .where(inChurch(prayerRequestPrayers, ctx, eq(prayerRequestPrayers.requestId, id)));
  return { counted, prayedCount: prayed.n, prayedToday: true };
}
