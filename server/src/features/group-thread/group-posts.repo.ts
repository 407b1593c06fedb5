import type { TGroupPost } from "@common/groups";
import { and, count, desc, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { groupPosts } from "../../db/schema/groups";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";

/** A post's row with its author's name (none once the author's account is gone or has left the church). */
type TPostRow = {
  id: string;
  message: string;
  parentId: string | null;
  /** The author's id when they are still in the church (the join matched). */
  authorId: string | null;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
};

/** The one place that builds a post's answer (API and socket frame alike): the same for every reader. */
export function toGroupPost(r: TPostRow): TGroupPost {
  return {
    id: r.id,
    message: r.message,
    parentId: r.parentId,
    author: r.authorId ? { id: r.authorId, firstName: r.firstName, lastName: r.lastName } : null,
    createdAt: r.createdAt.toISOString(),
  };
}

const columns = {
  id: groupPosts.id,
  message: groupPosts.message,
  parentId: groupPosts.parentId,
  authorId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: groupPosts.createdAt,
};

/** The author, only while they are in the post's church (a member who left is no longer named). */
const author = (ctx: { churchId: string }) => inChurch(users, ctx, eq(users.id, groupPosts.authorId));

/**
 * A page of a group's visible posts, newest first by (created_at, id): the order of the index
 * group_posts_group_created_idx, so a page reads `limit` rows from the index whatever the thread's
 * length. `before` (a post id of this group) starts the page after that post; an id that is not one
 * of the group's posts has no position, so its page is empty.
 */
export async function findGroupPosts(
  ctx: TChurchCtx,
  groupId: string,
  opts: { limit: number; before?: string },
): Promise<TGroupPost[]> {
  const rows = await groupPostsQuery(ctx, groupId, opts);
  return rows.map(toGroupPost);
}

/** The query of a page (its plan is tested: it reads the page's rows from the index, whatever the thread's length). */
export function groupPostsQuery(ctx: TChurchCtx, groupId: string, opts: { limit: number; before?: string }) {
  const after: SQL | undefined = opts.before
    ? sql`(${groupPosts.createdAt}, ${groupPosts.id}) < (select p.created_at, p.id from ${groupPosts} p where p.id = ${opts.before} and p.group_id = ${groupId} and p.church_id = ${ctx.churchId})`
    : undefined;
  return ctx.db
    .select(columns)
    .from(groupPosts)
    .leftJoin(users, author(ctx))
    .where(inChurch(groupPosts, ctx, eq(groupPosts.groupId, groupId), isNull(groupPosts.hiddenAt), after))
    .orderBy(desc(groupPosts.createdAt), desc(groupPosts.id))
    .limit(opts.limit);
}

/** One visible post of the group as the API answers it, or null. */
export async function findGroupPost(ctx: TChurchCtx, groupId: string, id: string): Promise<TGroupPost | null> {
  const [row] = await ctx.db
    .select(columns)
    .from(groupPosts)
    .leftJoin(users, author(ctx))
    .where(and(churchRow(groupPosts, ctx, id), eq(groupPosts.groupId, groupId), isNull(groupPosts.hiddenAt)));
  return row ? toGroupPost(row) : null;
}

/** The post's author and state, for moderation (hidden ones too), or null when not this group's. */
export async function findPostForModeration(db: TDb, ctx: TChurchCtx, groupId: string, id: string) {
  const [row] = await db
    .select({ authorId: groupPosts.authorId, hiddenAt: groupPosts.hiddenAt })
    .from(groupPosts)
    .where(and(churchRow(groupPosts, ctx, id), eq(groupPosts.groupId, groupId)))
    .for("update");
  return row ?? null;
}

/** How many posts the caller wrote in this group since `since` (the index's range on created_at). */
export async function countOwnPostsSince(db: TDb, ctx: TChurchCtx, groupId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupPosts)
    .where(
      inChurch(
        groupPosts,
        ctx,
        eq(groupPosts.groupId, groupId),
        gt(groupPosts.createdAt, since),
        eq(groupPosts.authorId, ctx.userId),
      ),
    );
  return row.n;
}
