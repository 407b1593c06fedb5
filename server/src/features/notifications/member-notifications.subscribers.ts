import { eq, lt } from "drizzle-orm";
import { notifications } from "../../db/schema/community";
import { invitationRequests } from "../../db/schema/invitations";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";
import { subscriber, type TSubscriber } from "../../lib/domain-events";
import { notify } from "./notify";

/** The bell's side of the church's people (issue 25 §1): requests to join, and a member who leaves. */

const invitationRequested = subscriber({
  name: "notifications.invitation_requested",
  event: "invitation_request.created",
  handle: async ({ payload, occurredAt }, ctx) => {
    const [request] = await ctx.db
      .select({ name: invitationRequests.name })
      .from(invitationRequests)
      .where(churchRow(invitationRequests, ctx, payload.requestId));
    if (!request) return;
    await notify(ctx.db, ctx, {
      kind: "invitation_requested",
      to: { admins: true },
      joinedBy: new Date(occurredAt),
      text: {
        title: "invitation_requested.title",
        message: "invitation_requested.message",
        values: { name: request.name },
      },
      link: "/admin/invitations",
      relatedId: payload.requestId,
      dedupeKey: `invitation_requested:${payload.requestId}`,
    });
  },
});

/**
 * A member starts with no notifications from before they joined (issue 24 item 9). News is stored
 * for those in the church when it is made, so a newcomer has none; one who left and is invited back
 * would find their earlier membership's, which go when they leave: all of them while they are still
 * away (no clock is compared), else (back before this ran) those from before the leaving.
 *
 * It used to run at the join, deleting what was older than the join's time: the app's clock against
 * the database's (`created_at` is the database's `now()`), so a clock ahead of the database's (or a
 * test's moved clock) took the new membership's first news with it when the queue ran it late.
 * The "back" case still compares the two clocks, harmlessly: a difference of s seconds misplaces
 * only news made within s seconds of the leaving, and the new membership's first news comes after
 * an invitation has been sent and accepted, far longer than hosts' clocks differ. (A test that moves
 * the app's clock drains the queue before inviting the member back.)
 */
const memberLeft = subscriber({
  name: "notifications.member_left",
  event: "member.left",
  handle: async ({ payload, occurredAt }, ctx) => {
    const [user] = await ctx.db.select({ churchId: users.churchId }).from(users).where(eq(users.id, payload.userId));
    const isBack = user?.churchId === ctx.churchId;
    await ctx.db
      .delete(notifications)
      .where(
        inChurch(
          notifications,
          ctx,
          eq(notifications.userId, payload.userId),
          isBack ? lt(notifications.createdAt, new Date(occurredAt)) : undefined,
        ),
      );
  },
});

export const memberNotificationSubscribers: TSubscriber[] = [invitationRequested, memberLeft];
