import { and, eq, isNull } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { groupJoinRequests, groupMembers, groups } from "../../db/schema/groups";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";
import { subscriber, type TSubscriber } from "../../lib/domain-events";
import type { TNotificationText, TTextValue } from "../../lib/notification-text";
import { notify } from "./notify";

/**
 * Issue 27: who is told about requests to join a group. A request reaches the group's leaders, the
 * answer reaches the member (with the leader's word, when there is one); each reads it in their own
 * language, under their push preferences. A group archived since, or a request answered before the
 * queue got to it, tells nobody; keyed by event, so a retried job tells nobody twice.
 */

async function findLiveGroupName(ctx: { db: TDb; churchId: string }, groupId: string): Promise<string | null> {
  const [group] = await ctx.db
    .select({ name: groups.name })
    .from(groups)
    .where(and(churchRow(groups, ctx, groupId), isNull(groups.archivedAt)));
  return group?.name ?? null;
}

/** A member's name as the church wrote it; none: "A church member" in the reader's language (never the e-mail). */
const personName = (first: string | null, last: string | null): TTextValue =>
  [first, last].filter(Boolean).join(" ").trim() || { key: "someone" };

const joinRequested = subscriber({
  name: "notifications.group_join_requested",
  event: "group.join_requested",
  handle: async ({ id, payload }, ctx) => {
    if (!payload.actorId) return;
    const name = await findLiveGroupName(ctx, payload.groupId);
    const [request] = await ctx.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(groupJoinRequests)
      .innerJoin(users, eq(users.id, groupJoinRequests.userId))
      .where(
        inChurch(
          groupJoinRequests,
          ctx,
          eq(groupJoinRequests.groupId, payload.groupId),
          eq(groupJoinRequests.userId, payload.actorId),
        ),
      );
    if (name === null || !request) return;
    const leaders = await ctx.db
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(inChurch(groupMembers, ctx, eq(groupMembers.groupId, payload.groupId), eq(groupMembers.role, "leader")));
    await notify(ctx.db, ctx, {
      kind: "group_join_requested",
      to: { userIds: leaders.map((l) => l.userId) },
      except: payload.actorId,
      text: {
        title: "group_join_requested.title",
        message: "group_join_requested.message",
        // Their name as the church wrote it, else "A church member": never their e-mail address.
        values: { group: name, name: personName(request.firstName, request.lastName) },
      },
      link: `/groups/${payload.groupId}`,
      relatedId: payload.groupId,
      dedupeKey: `group_join_requested:${id}`,
    });
  },
});

const answerText = (approved: boolean, group: string, note: string | null): TNotificationText => {
  const key = approved ? "group_request_approved" : "group_request_declined";
  return note
    ? { title: `${key}.title`, message: `${key}.messageWithNote`, values: { group, note } }
    : { title: `${key}.title`, message: `${key}.message`, values: { group } };
};

const answered = (approved: boolean) =>
  subscriber({
    name: approved ? "notifications.group_request_approved" : "notifications.group_request_declined",
    event: approved ? "group.request_approved" : "group.request_declined",
    handle: async ({ id, payload }, ctx) => {
      const name = await findLiveGroupName(ctx, payload.groupId);
      if (name === null) return;
      await notify(ctx.db, ctx, {
        kind: "group_request_answered",
        to: { userIds: [payload.userId] },
        text: answerText(approved, name, payload.message),
        link: approved ? `/groups/${payload.groupId}` : "/groups",
        relatedId: payload.groupId,
        dedupeKey: `group_request_answered:${id}`,
      });
    },
  });

/** A leader or admin added the member to a group: they are told who did, and where it is. */
const memberAdded = subscriber({
  name: "notifications.group_member_added",
  event: "group.member_added",
  handle: async ({ id, payload }, ctx) => {
    const name = await findLiveGroupName(ctx, payload.groupId);
    if (name === null) return;
    const [inGroup] = await ctx.db
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(
        inChurch(groupMembers, ctx, eq(groupMembers.groupId, payload.groupId), eq(groupMembers.userId, payload.userId)),
      );
    if (!inGroup) return; // left again, or removed, before the queue got here
    const [actor] = payload.actorId
      ? await ctx.db
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inChurch(users, ctx, eq(users.id, payload.actorId)))
      : [];
    await notify(ctx.db, ctx, {
      kind: "group_member_added",
      to: { userIds: [payload.userId] },
      except: payload.actorId,
      text: {
        title: "group_member_added.title",
        message: "group_member_added.message",
        values: { group: name, name: personName(actor?.firstName ?? null, actor?.lastName ?? null) },
      },
      link: `/groups/${payload.groupId}`,
      relatedId: payload.groupId,
      dedupeKey: `group_member_added:${id}`,
    });
  },
});

/**
 * A group left without a leader (its last one left the church or stopped leading): the church's admins
 * are told, unless one was named before the queue got here. Keyed by event.
 */
const leaderless = subscriber({
  name: "notifications.group_leaderless",
  event: "group.leaderless",
  handle: async ({ id, payload }, ctx) => {
    const name = await findLiveGroupName(ctx, payload.groupId);
    if (name === null) return;
    const [led] = await ctx.db
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .innerJoin(users, and(eq(users.id, groupMembers.userId), inChurch(users, ctx)))
      .where(inChurch(groupMembers, ctx, eq(groupMembers.groupId, payload.groupId), eq(groupMembers.role, "leader")))
      .limit(1);
    if (led) return;
    await notify(ctx.db, ctx, {
      kind: "group_leaderless",
      to: { admins: true },
      text: { title: "group_leaderless.title", message: "group_leaderless.message", values: { group: name } },
      link: `/groups/${payload.groupId}`,
      relatedId: payload.groupId,
      dedupeKey: `group_leaderless:${id}`,
    });
  },
});

export const groupNotificationSubscribers: TSubscriber[] = [
  joinRequested,
  answered(true),
  answered(false),
  memberAdded,
  leaderless,
];
