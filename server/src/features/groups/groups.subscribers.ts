import { eq, lte } from "drizzle-orm";
import { groupJoinRequests, groupMembers } from "../../db/schema/groups";
import { inChurch } from "../../lib/church-scope";
import { subscriber, type TSubscriber } from "../../lib/domain-events";

/**
 * Issue 27: a member who leaves the church, or is removed, loses every group of that church at once:
 * their memberships and waiting requests go (the rosters and counts already leave out anyone no
 * longer in the church, before this runs). Only rows from before they left: should they be invited
 * back and join a group before the queue gets here, that new place stays.
 */
const memberLeft = subscriber({
  name: "groups.member_left",
  event: "member.left",
  handle: async ({ payload, occurredAt }, ctx) => {
    const at = new Date(occurredAt);
    await ctx.db
      .delete(groupMembers)
      .where(inChurch(groupMembers, ctx, eq(groupMembers.userId, payload.userId), lte(groupMembers.joinedAt, at)));
    await ctx.db
      .delete(groupJoinRequests)
      .where(
        inChurch(
          groupJoinRequests,
          ctx,
          eq(groupJoinRequests.userId, payload.userId),
          lte(groupJoinRequests.requestedAt, at),
        ),
      );
  },
});

export const groupSubscribers: TSubscriber[] = [memberLeft];
