import type { TPrayerReply, ZPrayerReplyBody } from "@common/prayer-replies";
import { isAdminRole } from "@common/roles";
import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
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
 * (its admins). Everyone else gets the same 404 as for a request that does not exist, whether or
 * not they can see the request on the wall: the thread's existence is nobody else's business.
 * (Group prayers live in group_prayers, another feature's table; they have no thread yet.)
 */
async function findThreadRequest(ctx: TChurchCtx, id: string) {
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
  if (!request) throw notFound(NOT_FOUND);
  const isAuthor = request.authorId === ctx.userId;
  if (!isAuthor && !isAdminRole(ctx.role)) throw notFound(NOT_FOUND);
  return { ...request, isAuthor };
}

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

async function findReplies(ctx: TChurchCtx, requestId: string, replyId?: string): Promise<TPrayerReply[]> {
  const rows = await ctx.db
    .select(replyColumns)
    .from(prayerRequestReplies)
    .leftJoin(users, pastor(ctx))
    .where(
      inChurch(
        prayerRequestReplies,
        ctx,
        eq(prayerRequestReplies.requestId, requestId),
        replyId ? eq(prayerRequestReplies.id, replyId) : undefined,
      ),
    )
    .orderBy(asc(prayerRequestReplies.createdAt), asc(prayerRequestReplies.id));
  return rows.map((r) => toPrayerReply({ ...r, firstName: r.firstName ?? null, lastName: r.lastName ?? null }));
}

/** `GET /api/prayer-requests/{id}/replies`: the thread, oldest first, for its author and the admins. */
export async function listPrayerReplies(ctx: TChurchCtx, id: string): Promise<TPrayerReply[]> {
  const request = await findThreadRequest(ctx, id);
  return findReplies(ctx, request.id);
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
        requestId: request.id,
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
  const [reply] = await findReplies(ctx, request.id, replyId);
  return reply;
}
