import { subscriber, type TSubscriber } from "../../lib/domain-events";
import { forgetErasedMember } from "./member-erasure.service";

/**
 * After an erasure commits, every process forgets the member: their cached account (so a session
 * still cached somewhere finds no one and answers 401) and the church's cached member lists. The
 * service already drops them for the request that erased; this reaches the retention job's erasures
 * and every other process too. Dropping twice is harmless.
 */
export const memberErasureSubscribers: TSubscriber[] = [
  subscriber({
    name: "member_erasure.forget_member",
    event: "member.erased",
    handle: ({ payload }, ctx) => forgetErasedMember(ctx.changed, payload.churchId, payload.userId),
  }),
];
