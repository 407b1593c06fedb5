import { eq, not, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { groupPosts, groupPrayerPrayed, groupPrayers } from "../../db/schema/groups";
import { inChurch } from "../../lib/church-scope";
import type { TDataKind } from "../../lib/data-kinds";

const ALIAS = "anonymous_group_prayer";
const anonymous = alias(groupPrayers, ALIAS);

/**
 * A group's thread and its prayer requests (issue 27), declared for the church export. Church
 * prayer's anonymity rule holds here too: an anonymous group request's author is left out, and so
 * is their own "I prayed" for it (the only row that would tie them to it), but in their own export.
 */
export const GROUP_THREAD_DATA_KINDS: TDataKind[] = [
  {
    file: "group-posts.csv",
    about: "Posts and replies in the groups' threads; hiddenAt: removed by its author, a leader or an admin.",
    fields: {
      id: groupPosts.id,
      groupId: groupPosts.groupId,
      authorId: groupPosts.authorId,
      parentId: groupPosts.parentId,
      message: groupPosts.message,
      hiddenAt: groupPosts.hiddenAt,
      createdAt: groupPosts.createdAt,
    },
    keys: ["id"],
    table: groupPosts,
    where: (ctx) => inChurch(groupPosts, ctx),
    memberColumn: groupPosts.authorId,
  },
  {
    file: "group-prayers.csv",
    about: "Prayer requests shared with one group. An anonymous request's author is left out, as everywhere else.",
    fields: {
      id: groupPrayers.id,
      groupId: groupPrayers.groupId,
      authorId: sql<
        string | null
      >`case when ${groupPrayers.isAnonymous} then null else ${groupPrayers.authorId} end`.as("author_id"),
      title: groupPrayers.title,
      description: groupPrayers.description,
      isAnonymous: groupPrayers.isAnonymous,
      answeredAt: groupPrayers.answeredAt,
      hiddenAt: groupPrayers.hiddenAt,
      createdAt: groupPrayers.createdAt,
    },
    keys: ["id"],
    table: groupPrayers,
    where: (ctx) => inChurch(groupPrayers, ctx),
    memberColumn: groupPrayers.authorId,
  },
  {
    file: "group-prayers-prayed.csv",
    about: '"I prayed" taps on group prayer requests (an anonymous request\'s author praying for it is left out).',
    fields: {
      prayerId: groupPrayerPrayed.prayerId,
      userId: groupPrayerPrayed.userId,
      day: groupPrayerPrayed.day,
      createdAt: groupPrayerPrayed.createdAt,
    },
    keys: ["prayerId", "userId", "day"],
    table: groupPrayerPrayed,
    where: (ctx) =>
      inChurch(
        groupPrayerPrayed,
        ctx,
        not(
          sql`exists (select 1 from ${groupPrayers} ${sql.identifier(ALIAS)} where ${inChurch(
            anonymous,
            ctx,
            eq(anonymous.id, groupPrayerPrayed.prayerId),
            eq(anonymous.isAnonymous, true),
            eq(anonymous.authorId, groupPrayerPrayed.userId),
          )})`,
        ),
      ),
    memberColumn: groupPrayerPrayed.userId,
    // A member's own export holds all their taps, those for their own anonymous request too: the
    // row ties them to it only in their own eyes (issue 28).
    memberWhere: (ctx, memberId) => inChurch(groupPrayerPrayed, ctx, eq(groupPrayerPrayed.userId, memberId)),
  },
];
