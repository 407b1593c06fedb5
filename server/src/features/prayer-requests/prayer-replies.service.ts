import type { TPrayerReply, ZPrayerReplyBody } from "@common/prayer-replies";
import { isAdminRole } from "@common/roles";
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { groupMembers, groupPrayers, groups } from "../../db/schema/groups";
import { prayerRequestReplies, prayerRequests } from "../../db/schema/prayer";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { prayerActor, publish } from "../../lib/domain-events";
import { conflict, notFound } from "../../lib/errors";

const NOT_FOUND = "Prayer request not found";
const ANSWERED = "This prayer has been answered: its replies are closed.";
const HIDDEN = "This prayer request is hidden: its replies are closed.";

/**
 * Issue 28: the private thread of a prayer request, between its author and the church's pastors
 * (its admins; for a group's prayer, also that group's leaders). Everyone else gets the same 404 as
 * for a request that does not exist, whether or not they can see the request: the thread's
 * existence is nobody else's business. The id is looked up among the church's prayer requests, else
 * among its groups' prayers (group_prayers; ids are uuids, one space): the same paths serve both.
 */
type TThreadRequest = {
  id: string;
  /** Which column of prayer_request_replies holds the thread's request. */
  on: "request" | "groupPrayer";
  authorId: string | null;
  isAnonymous: boolean;
  answeredAt: Date | null;
  hiddenAt: Date | null;
  isAuthor: boolean;
};

async function findThreadRequest(ctx: TChurchCtx, id: string): Promise<TThreadRequest> {
  const [request] = await ctx.db
    .select({
      id: prayerRequests.id,
      authorId: prayerRequests.authorId,
      isAnonymous: prayerRequests.isAnonymous,
      answeredAt: prayerRequests.answeredAt,
      hiddenAt: prayerRequests.hiddenAt,
    })
    .from(prayerRequests)
    .where(churchRow(prayerRequests, ctx, id));
  if (request) {
    const isAuthor = request.authorId === ctx.userId;
    if (!isAuthor && !isAdminRole(ctx.role)) throw notFound(NOT_FOUND);
    return { ...request, on: "request", isAuthor };
  }
  return findGroupThreadRequest(ctx, id);
}

/**
 * A group's prayer: its author, the church's admins and the leaders of THAT group (a leader of
 * another group or a plain member: 404). An archived group's threads are closed like a hidden
 * request's (still readable by those who may).
 */
async function findGroupThreadRequest(ctx: TChurchCtx, id: string): Promise<TThreadRequest> {
  const [prayer] = await ctx.db
    .select({
      id: groupPrayers.id,
      authorId: groupPrayers.authorId,
      isAnonymous: groupPrayers.isAnonymous,
      answeredAt: groupPrayers.answeredAt,
      hiddenAt: groupPrayers.hiddenAt,
      archivedAt: groups.archivedAt,
      role: groupMembers.role,
    })
    .from(groupPrayers)
    .innerJoin(groups, inChurch(groups, ctx, eq(groups.id, groupPrayers.groupId)))
    .leftJoin(groupMembers, and(eq(groupMembers.groupId, groupPrayers.groupId), eq(groupMembers.userId, ctx.userId)))
    .where(churchRow(groupPrayers, ctx, id));
  if (!prayer) throw notFound(NOT_FOUND);
  const isAuthor = prayer.authorId === ctx.userId;
  const isLeader = prayer.role === "leader" && !prayer.archivedAt;
  if (!isAuthor && !isLeader && !isAdminRole(ctx.role)) throw notFound(NOT_FOUND);
  const { archivedAt, role: _role, ...rest } = prayer;
  return { ...rest, hiddenAt: rest.hiddenAt ?? archivedAt, on: "groupPrayer", isAuthor };
}

/** The replies of the thread on `request`, whichever table it lives in. */
const onThread = (request: TThreadRequest) =>
  request.on === "request"
    ? eq(prayerRequestReplies.requestId, request.id)
    : eq(prayerRequestReplies.groupPrayerId, request.id);

/** The pastor who wrote a reply, while they are in the church; the author's own replies join nobody. */
const pastor = (church: { churchId: string }) => inChurch(users, church, eq(users.id, prayerRequestReplies.authorId));

/**
 * The one function that builds a reply as it leaves: a pastor's names the pastor, the author's names
 * nobody (it is stored without an author in the first place).
 */
function toPrayerReply(r: {
  id: string;
  message: string;
  fromAuthor: boolean;
  authorId: string | null;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
}): TPrayerReply {
  return {
    id: r.id,
    message: r.message,
    fromAuthor: r.fromAuthor,
    author:
      r.fromAuthor || !r.authorId || r.firstName === null
        ? null
        : { id: r.authorId, firstName: r.firstName, lastName: r.lastName },
    createdAt: r.createdAt.toISOString(),
  };
}

const replyColumns = {
  id: prayerRequestReplies.id,
  message: prayerRequestReplies.message,
  fromAuthor: prayerRequestReplies.fromAuthor,
  authorId: prayerRequestReplies.authorId,
  // A left join's columns: null when the pastor has left (the type below says so).
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: prayerRequestReplies.createdAt,
};

async function findReplies(ctx: TChurchCtx, request: TThreadRequest, replyId?: string): Promise<TPrayerReply[]> {
  const rows = await ctx.db
    .select(replyColumns)
    .from(prayerRequestReplies)
    .leftJoin(users, pastor(ctx))
    .where(
      inChurch(
        prayerRequestReplies,
        ctx,
        onThread(request),
        replyId ? eq(prayerRequestReplies.id, replyId) : undefined,
      ),
    )
    .orderBy(asc(prayerRequestReplies.createdAt), asc(prayerRequestReplies.id));
  return rows.map((r) => toPrayerReply({ ...r, firstName: r.firstName ?? null, lastName: r.lastName ?? null }));
}

/** `GET /api/prayer-requests/{id}/replies`: the thread, oldest first, for its author and the admins. */
export async function listPrayerReplies(ctx: TChurchCtx, id: string): Promise<TPrayerReply[]> {
  const request = await findThreadRequest(ctx, id);
  return findReplies(ctx, request);
}

/**
 * `POST /api/prayer-requests/{id}/replies`: a reply by the request's author (stored with no author)
 * or by an admin (stored with their id). A hidden or answered request's thread is closed (409): it
 * stays readable. The other side is told through `prayer.replied`, which names nobody for an
 * anonymous request.
 */
export async function createPrayerReply(
  ctx: TChurchCtx,
  id: string,
  body: z.output<typeof ZPrayerReplyBody>,
): Promise<TPrayerReply> {
  const request = await findThreadRequest(ctx, id);
  if (request.hiddenAt) throw conflict(HIDDEN);
  if (request.answeredAt) throw conflict(ANSWERED);
  const replyId = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(prayerRequestReplies)
      .values({
        churchId: ctx.churchId,
        requestId: request.on === "request" ? request.id : null,
        groupPrayerId: request.on === "groupPrayer" ? request.id : null,
        // The author's reply is stored with no author: only the request row knows who asked.
        authorId: request.isAuthor ? null : ctx.userId,
        fromAuthor: request.isAuthor,
        message: body.message,
        createdAt: new Date(),
      })
      .returning({ id: prayerRequestReplies.id });
    await publish(tx, "prayer.replied", {
      ...prayerActor(request, ctx.userId),
      churchId: ctx.churchId,
      requestId: request.id,
      replyId: row.id,
      fromAuthor: request.isAuthor,
    });
    return row.id;
  });
  const [reply] = await findReplies(ctx, request, replyId);
  return reply;
}
