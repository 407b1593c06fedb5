import type { TGroupPrayer } from "@common/group-prayers";
import { ANONYMOUS_NAME } from "@common/prayer";
import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { groupPrayerPrayed, groupPrayers } from "../../db/schema/groups";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { dayKey } from "../../lib/points";

/** Church prayer's name for a named author who has none, or who has left the church. */
const UNNAMED_AUTHOR = "Church Member";

/** A group prayer's row as read. Holds `authorId`: never send it as is (see `toGroupPrayer`). */
type TGroupPrayerRow = {
  id: string;
  groupId: string;
  title: string;
  description: string;
  isAnonymous: boolean;
  authorId: string | null;
  /** The author's id through the join, which an anonymous request never matches. */
  namedId: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  answeredAt: Date | null;
  createdAt: Date;
  prayedCount: number;
  prayedToday: boolean;
};

/**
 * The one place that builds a group prayer's answer (church prayer's rule, prayer-requests.repo.ts
 * `toPrayerRequest`): an anonymous author is shown to nobody, the group's leaders and the church's
 * admins included, and is only "mine" to themselves.
 */
export function toGroupPrayer(ctx: TChurchCtx, r: TGroupPrayerRow): TGroupPrayer {
  const isAnswered = r.answeredAt !== null;
  const isMine = r.authorId !== null && r.authorId === ctx.userId;
  const name = [r.firstName, r.lastName].filter(Boolean).join(" ").trim();
  return {
    id: r.id,
    groupId: r.groupId,
    title: r.title,
    description: r.description,
    isAnonymous: r.isAnonymous,
    userId: r.isAnonymous ? null : r.namedId,
    userName: r.isAnonymous ? ANONYMOUS_NAME : name || UNNAMED_AUTHOR,
    userImageUrl: r.isAnonymous ? null : r.profileImageUrl,
    isMine,
    isAnswered,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    canAnswer: isMine && !isAnswered,
    prayedCount: r.prayedCount,
    prayedToday: r.prayedToday,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The author of a named request only, while in the church: nothing of an anonymous author is read. */
const namedAuthor = (ctx: { churchId: string }) =>
  inChurch(users, ctx, eq(users.id, groupPrayers.authorId), eq(groupPrayers.isAnonymous, false));

/**
 * The group's visible requests matching `where`, newest first by (created_at, id), the order of
 * group_prayers_group_created_idx; at most `limit`, one query whatever the page's length.
 */
export async function findGroupPrayers(
  ctx: TChurchCtx,
  groupId: string,
  opts: { limit: number; where?: SQL },
  now = new Date(),
): Promise<TGroupPrayer[]> {
  const prayed = groupPrayerPrayed;
  const rows = await ctx.db
    .select({
      id: groupPrayers.id,
      groupId: groupPrayers.groupId,
      title: groupPrayers.title,
      description: groupPrayers.description,
      isAnonymous: groupPrayers.isAnonymous,
      authorId: groupPrayers.authorId,
      namedId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      answeredAt: groupPrayers.answeredAt,
      createdAt: groupPrayers.createdAt,
      prayedCount: sql<number>`(select count(*)::int from ${prayed} where ${prayed.prayerId} = ${groupPrayers.id})`,
      prayedToday: sql<boolean>`coalesce((select true from ${prayed} where ${and(
        sql`${prayed.prayerId} = ${groupPrayers.id}`,
        eq(prayed.userId, ctx.userId),
        eq(prayed.day, dayKey(ctx, now)),
      )}), false)`,
    })
    .from(groupPrayers)
    .leftJoin(users, namedAuthor(ctx))
    .where(inChurch(groupPrayers, ctx, eq(groupPrayers.groupId, groupId), isNull(groupPrayers.hiddenAt), opts.where))
    .orderBy(desc(groupPrayers.createdAt), desc(groupPrayers.id))
    .limit(opts.limit);
  return rows.map((r) => toGroupPrayer(ctx, r));
}

/** One visible request of the group as the caller sees it, or null. */
export async function findGroupPrayer(ctx: TChurchCtx, groupId: string, id: string): Promise<TGroupPrayer | null> {
  const [found] = await findGroupPrayers(ctx, groupId, { limit: 1, where: eq(groupPrayers.id, id) });
  return found ?? null;
}

/** Keyset paging: the group's requests older than `before`; an id not of this group has no position (empty page). */
export function prayersOlderThan(ctx: TChurchCtx, groupId: string, before: string): SQL {
  return sql`(${groupPrayers.createdAt}, ${groupPrayers.id}) < (select p.created_at, p.id from ${groupPrayers} p where p.id = ${before} and p.group_id = ${groupId} and p.church_id = ${ctx.churchId})`;
}
