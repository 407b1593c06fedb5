import { and, eq, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { groupMembers, groupPrayers } from "../../db/schema/groups";
import { prayerRequestReplies, prayerRequests } from "../../db/schema/prayer";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { subscriber } from "../../lib/domain-events";
import { notify } from "./notify";

const ADMIN_ROLES = ["ADMIN", "SUPER_ADMIN"];

/**
 * Issue 28: a reply in a prayer request's private thread tells the other side. A pastor's reply
 * tells the request's author (read from the request row here: the event names nobody for an
 * anonymous request). The author's answer tells the pastors who replied in the thread and still may
 * (the church's admins; for a group's prayer, also that group's leaders), or when none has yet every
 * admin (and the group's leaders); its words say "the person who asked",
 * never a name, and the author is never among those told.
 */
const prayerReplied = subscriber({
  name: "notifications.prayer_replied",
  event: "prayer.replied",
  handle: async ({ payload }, ctx) => {
    // The event's requestId is a church prayer request's, or a group prayer's (issue 28, E2).
    const request = await findRequest(ctx, payload.requestId);
    if (!request) return; // gone since: nobody to tell
    const { link } = request;
    if (!payload.fromAuthor) {
      if (!request.authorId) return;
      await notify(ctx.db, ctx, {
        kind: "prayer_replied",
        to: { userIds: [request.authorId] },
        text: { title: "prayer_replied.title", message: "prayer_replied.message", values: { title: request.title } },
        link,
        relatedId: request.id,
        dedupeKey: `prayer_replied:${payload.replyId}`,
      });
      return;
    }
    // Who may still answer: the church's admins, and for a group's prayer that group's leaders.
    const leadsGroup = request.groupId
      ? sql`exists (select 1 from ${groupMembers} where ${and(
          eq(groupMembers.groupId, request.groupId),
          eq(groupMembers.userId, users.id),
          eq(groupMembers.role, "leader"),
        )})`
      : undefined;
    const mayAnswer = or(inArray(users.role, ADMIN_ROLES), leadsGroup) as SQL;
    const pastors = await ctx.db
      .selectDistinct({ userId: users.id })
      .from(prayerRequestReplies)
      .innerJoin(users, inChurch(users, ctx, eq(users.id, prayerRequestReplies.authorId), mayAnswer))
      .where(inChurch(prayerRequestReplies, ctx, and(request.onThread, isNotNull(prayerRequestReplies.authorId))));
    let to: { userIds: string[] } | { admins: true };
    if (pastors.length > 0) to = { userIds: pastors.map((p) => p.userId) };
    else if (!request.groupId) to = { admins: true };
    else {
      // Nobody replied yet to a group's prayer: its leaders and the church's admins.
      const leaders = await ctx.db
        .select({ userId: users.id })
        .from(users)
        .where(inChurch(users, ctx, mayAnswer));
      to = { userIds: leaders.map((l) => l.userId) };
    }
    await notify(ctx.db, ctx, {
      kind: "prayer_reply_answered",
      to,
      // An admin who asked (anonymously or not) is not told of their own answer.
      except: request.authorId,
      text: {
        title: "prayer_reply_answered.title",
        message: "prayer_reply_answered.message",
        values: { title: request.title },
      },
      link,
      relatedId: request.id,
      dedupeKey: `prayer_reply_answered:${payload.replyId}`,
    });
  },
});

/** The request a thread is on: a church prayer request, else a group's prayer; with where its thread opens. */
async function findRequest(ctx: Pick<TChurchCtx, "db" | "churchId">, id: string) {
  const [request] = await ctx.db
    .select({ id: prayerRequests.id, authorId: prayerRequests.authorId, title: prayerRequests.title })
    .from(prayerRequests)
    .where(churchRow(prayerRequests, ctx, id));
  if (request)
    return {
      ...request,
      groupId: null,
      onThread: eq(prayerRequestReplies.requestId, id),
      link: `/prayer-requests?thread=${id}`,
    };
  const [prayer] = await ctx.db
    .select({
      id: groupPrayers.id,
      authorId: groupPrayers.authorId,
      title: groupPrayers.title,
      groupId: groupPrayers.groupId,
    })
    .from(groupPrayers)
    .where(churchRow(groupPrayers, ctx, id));
  if (!prayer) return null;
  return {
    ...prayer,
    onThread: eq(prayerRequestReplies.groupPrayerId, id),
    link: `/groups/${prayer.groupId}?tab=prayers&thread=${id}`,
  };
}

export const prayerReplyNotificationSubscribers = [prayerReplied];
