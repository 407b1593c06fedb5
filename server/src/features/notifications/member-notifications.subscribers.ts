import { eq, lt } from "drizzle-orm";
import { notifications } from "../../db/schema/community";
import { invitationRequests } from "../../db/schema/invitations";
import { churchRow, inChurch } from "../../lib/church-scope";
import { subscriber, type TSubscriber } from "../../lib/domain-events";
import { notify } from "./notify";

/** The bell's side of the church's people (issue 25 §1): requests to join, and a member who joins again. */

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
 * would find their earlier membership's, which go here: only those made before the join.
 */
const memberJoined = subscriber({
  name: "notifications.member_joined",
  event: "member.joined",
  handle: async ({ payload, occurredAt }, ctx) => {
    await ctx.db
      .delete(notifications)
      .where(
        inChurch(
          notifications,
          ctx,
          eq(notifications.userId, payload.userId),
          lt(notifications.createdAt, new Date(occurredAt)),
        ),
      );
  },
});

export const memberNotificationSubscribers: TSubscriber[] = [invitationRequested, memberJoined];
