import type { TGroupPost, ZGroupPostBody, ZGroupPostListQuery } from "@common/groups";
import { LIVE_MESSAGE_RATE } from "@common/live-helpers";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { groupPosts } from "../../db/schema/groups";
import { auditChanges, recordAudit } from "../../lib/audit";
import { churchRow } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { publish } from "../../lib/domain-events";
import { AppError, badRequest, forbidden, notFound } from "../../lib/errors";
import { requireGroupReader } from "../../lib/group-access";
import { msg } from "../../lib/i18n";
import type { GroupHub } from "./group-hub";
import { countOwnPostsSince, findGroupPost, findGroupPosts, findPostForModeration } from "./group-posts.repo";

const POST_NOT_FOUND = "Post not found";

/** `GET /api/groups/{id}/posts`: the group's members, leaders and admins (403 for others, 404 another church's). */
export async function listGroupPosts(
  ctx: TChurchCtx,
  groupId: string,
  query: z.output<typeof ZGroupPostListQuery>,
): Promise<TGroupPost[]> {
  await requireGroupReader(ctx, groupId);
  return findGroupPosts(ctx, groupId, query);
}

/**
 * `POST /api/groups/{id}/posts`: by the group's members and leaders (an admin who is neither may read
 * and moderate, not write). A reply's parent must be a visible post of the same group. The same
 * limit as live chat (LIVE_MESSAGE_RATE per member, counted under an advisory lock so parallel sends
 * cannot pass it together). The post goes to the group's room once, after the commit.
 */
export async function createGroupPost(
  ctx: TChurchCtx,
  hub: GroupHub,
  groupId: string,
  body: z.output<typeof ZGroupPostBody>,
): Promise<TGroupPost> {
  const access = await requireGroupReader(ctx, groupId);
  if (!access.membership) throw forbidden("Only the members of this group can post in its thread.");
  const id = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`group-thread:${ctx.userId}`}, 0))`);
    const since = new Date(Date.now() - LIVE_MESSAGE_RATE.seconds * 1000);
    if ((await countOwnPostsSince(tx, ctx, groupId, since)) >= LIVE_MESSAGE_RATE.count) {
      throw new AppError(
        "RATE_LIMITED",
        msg`You're sending messages too quickly. Please wait a few seconds (at most ${LIVE_MESSAGE_RATE.count} every ${LIVE_MESSAGE_RATE.seconds} seconds).`,
        { headers: { "retry-after": String(LIVE_MESSAGE_RATE.seconds) } },
      );
    }
    if (body.parentId) {
      const [parent] = await tx
        .select({ id: groupPosts.id })
        .from(groupPosts)
        .where(
          and(churchRow(groupPosts, ctx, body.parentId), eq(groupPosts.groupId, groupId), isNull(groupPosts.hiddenAt)),
        );
      if (!parent) throw badRequest("parentId must be the id of a post in this group", "parentId");
    }
    const [row] = await tx
      .insert(groupPosts)
      .values({
        groupId,
        churchId: ctx.churchId,
        authorId: ctx.userId,
        parentId: body.parentId ?? null,
        message: body.message,
        // The app's clock, as for every time the app decides.
        createdAt: new Date(),
      })
      .returning({ id: groupPosts.id });
    // The members are told from the event (batched: group-thread-notifications.subscribers.ts).
    await publish(tx, "group.post_created", { churchId: ctx.churchId, actorId: ctx.userId, groupId, postId: row.id });
    return row.id;
  });
  const post = await findGroupPost(ctx, groupId, id);
  if (!post) throw notFound(POST_NOT_FOUND);
  await hub.broadcast(groupId, { type: "group_post", groupId, post });
  return post;
}

/**
 * `DELETE /api/groups/{id}/posts/{postId}`: hides a post (it leaves every answer and every open
 * page). Its author may hide their own; the group's leaders and admins moderate any. Hiding one
 * already hidden changes nothing.
 */
export async function hideGroupPost(ctx: TChurchCtx, hub: GroupHub, groupId: string, postId: string): Promise<void> {
  const access = await requireGroupReader(ctx, groupId);
  const hidden = await ctx.db.transaction(async (tx) => {
    const post = await findPostForModeration(tx, ctx, groupId, postId);
    if (!post || (post.hiddenAt && !access.canLead && post.authorId !== ctx.userId)) throw notFound(POST_NOT_FOUND);
    if (!access.canLead && post.authorId !== ctx.userId)
      throw forbidden("Only its author, this group's leaders and admins can remove a post.");
    if (post.hiddenAt) return false;
    const hiddenAt = new Date();
    await tx
      .update(groupPosts)
      .set({ hiddenAt })
      .where(churchRow(groupPosts, ctx, postId));
    // A leader or admin removing someone else's post is moderation: the audit trail keeps it.
    if (post.authorId !== ctx.userId)
      await recordAudit(tx, ctx, {
        action: "group.post_hidden",
        targetType: "group_post",
        targetId: postId,
        changes: auditChanges<{ hiddenAt: Date | null }>({ hiddenAt: null }, { hiddenAt }),
      });
    return true;
  });
  if (hidden) await hub.broadcast(groupId, { type: "group_post_hidden", groupId, id: postId });
}
