import { subscriber, type TSubscriber } from "../../lib/domain-events";
import type { GroupHub } from "./group-hub";

/**
 * A member who leaves a group, or the church, stops hearing its threads at once (issue 27): their
 * sockets leave the group's room (every room, for the church) in every process. Dropping twice is
 * harmless, so a retried job does no harm. A socket of a member removed from the church is also
 * closed by its session check (SocketSessions); this takes it out of the rooms even before that.
 */
export function groupThreadSubscribers(hub: GroupHub): TSubscriber[] {
  return [
    subscriber({
      name: "group_thread.member_left_group",
      event: "group.member_left",
      handle: async ({ payload }) => hub.dropMember(payload.groupId, payload.userId),
    }),
    subscriber({
      name: "group_thread.member_left_church",
      event: "member.left",
      handle: async ({ payload }) => hub.dropMember("*", payload.userId),
    }),
  ];
}
