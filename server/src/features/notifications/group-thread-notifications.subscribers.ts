import { GROUP_PUSH_BATCH_MINUTES } from "@common/groups";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { notifications } from "../../db/schema/community";
import { groupMembers, groupPosts, groupPrayers, groups } from "../../db/schema/groups";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";
import { subscriber } from "../../lib/domain-events";
import type { TNotificationText } from "../../lib/notification-text";
import { notify } from "./notify";

/**
 * Issue 27: a new post in a group's thread, or a prayer request shared with the group, tells its
 * members (leaders included, the author not), in their language and under their preferences. Batched:
 * a member hears of a group at most once in GROUP_PUSH_BATCH_MINUTES (in the list, and so on their
 * devices); what follows within that time waits in the thread, which they open from the first one.
 * Jobs of one group run one at a time (an advisory lock), so two posts at once cannot both pass the
 * check; keyed by event, so a retried job tells nobody twice.
 */

const GROUP_KINDS = ["group_post", "group_prayer"] as const;
/** How much of a post a notification quotes. */
const EXCERPT_MAX = 140;

const excerpt = (text: string) => (text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text);
const fullName = (p: { firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(" ").trim();

/** The group's members and leaders who have not heard of it within the batch time, the author left out. */
async function findDueMembers(
  ctx: { db: TDb; churchId: string },
  groupId: string,
  except: string | null,
): Promise<string[]> {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`group-notify:${groupId}`}, 0))`);
  const members = await ctx.db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(inChurch(groupMembers, ctx, eq(groupMembers.groupId, groupId)));
  const ids = members.map((m) => m.userId).filter((id) => id !== except);
  if (ids.length === 0) return [];
  // On the database's clock, as created_at is (notify stores it with now()): the app's may differ.
  const since = sql`now() - make_interval(mins => ${GROUP_PUSH_BATCH_MINUTES})`;
  const told = await ctx.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(
      inChurch(
        notifications,
        ctx,
        inArray(notifications.userId, ids),
        inArray(notifications.kind, [...GROUP_KINDS]),
        eq(notifications.relatedId, groupId),
        gt(notifications.createdAt, since),
      ),
    );
  const heard = new Set(told.map((r) => r.userId));
  return ids.filter((id) => !heard.has(id));
}

async function tellGroup(
  ctx: { db: TDb; churchId: string },
  input: {
    eventId: string;
    occurredAt: string;
    groupId: string;
    except: string | null;
    kind: (typeof GROUP_KINDS)[number];
    text: TNotificationText;
  },
): Promise<void> {
  const due = await findDueMembers(ctx, input.groupId, input.except);
  if (due.length === 0) return;
  await notify(ctx.db, ctx, {
    kind: input.kind,
    to: { userIds: due },
    joinedBy: new Date(input.occurredAt),
    text: input.text,
    link: `/groups/${input.groupId}`,
    relatedId: input.groupId,
    dedupeKey: `${input.kind}:${input.eventId}`,
  });
}

const groupPostCreated = subscriber({
  name: "notifications.group_post_created",
  event: "group.post_created",
  handle: async ({ id, occurredAt, payload }, ctx) => {
    const [post] = await ctx.db
      .select({
        message: groupPosts.message,
        group: groups.name,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(groupPosts)
      .innerJoin(groups, and(eq(groups.id, groupPosts.groupId), isNull(groups.archivedAt)))
      .leftJoin(users, inChurch(users, ctx, eq(users.id, groupPosts.authorId)))
      .where(and(churchRow(groupPosts, ctx, payload.postId), isNull(groupPosts.hiddenAt)));
    // Hidden since, or its group archived: nothing to tell.
    if (!post) return;
    const name = fullName(post);
    await tellGroup(ctx, {
      eventId: id,
      occurredAt,
      groupId: payload.groupId,
      except: payload.actorId,
      kind: "group_post",
      text: name
        ? {
            title: "group_post.title",
            message: "group_post.message",
            values: { group: post.group, name, message: excerpt(post.message) },
          }
        : {
            title: "group_post.title",
            message: "group_post.messageUnnamed",
            values: { group: post.group, message: excerpt(post.message) },
          },
    });
  },
});

const groupPrayerCreated = subscriber({
  name: "notifications.group_prayer_created",
  event: "group.prayer_created",
  handle: async ({ id, occurredAt, payload }, ctx) => {
    const [prayer] = await ctx.db
      .select({
        title: groupPrayers.title,
        authorId: groupPrayers.authorId,
        isAnonymous: groupPrayers.isAnonymous,
        group: groups.name,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(groupPrayers)
      .innerJoin(groups, and(eq(groups.id, groupPrayers.groupId), isNull(groups.archivedAt)))
      // The author's name only for a named request: nothing of an anonymous author is read for the words.
      .leftJoin(users, inChurch(users, ctx, eq(users.id, groupPrayers.authorId), eq(groupPrayers.isAnonymous, false)))
      .where(and(churchRow(groupPrayers, ctx, payload.prayerId), isNull(groupPrayers.hiddenAt)));
    if (!prayer) return;
    const name = prayer.isAnonymous ? "" : fullName(prayer);
    await tellGroup(ctx, {
      eventId: id,
      occurredAt,
      groupId: payload.groupId,
      // The author is not told of their own request; read from the row, never from the anonymous event.
      except: prayer.authorId,
      kind: "group_prayer",
      text: name
        ? {
            title: "group_prayer.title",
            message: "group_prayer.message",
            values: { group: prayer.group, name, title: prayer.title },
          }
        : {
            title: "group_prayer.title",
            message: "group_prayer.messageAnonymous",
            values: { group: prayer.group, title: prayer.title },
          },
    });
  },
});

export const groupThreadNotificationSubscribers = [groupPostCreated, groupPrayerCreated];
