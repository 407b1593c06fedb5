import { subscriber, type TSubscriber } from "../../lib/domain-events";

/**
 * Somebody joined or left a church, by whatever way (an invitation, sign-up or single sign-on with
 * one, an admin's removal, leaving): every process drops the church's kept first page of members
 * (MembersFirstPageCache), which may gain a row or its next-page link. A member's own change is
 * announced by its writer on `user`; erasure announces `church`.
 */
export const membersSubscribers: TSubscriber[] = [
  subscriber({
    name: "members.forget_first_page_joined",
    event: "member.joined",
    handle: ({ payload }, ctx) => ctx.changed("members", payload.churchId),
  }),
  subscriber({
    name: "members.forget_first_page_left",
    event: "member.left",
    handle: ({ payload }, ctx) => ctx.changed("members", payload.churchId),
  }),
];
