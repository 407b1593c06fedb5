import { subscriber, type TSubscriber } from "../../lib/domain-events";

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
    handle: async ({ payload }, ctx) => {
      await ctx.changed("user", payload.userId);
      await ctx.changed("church", payload.churchId);
    },
  }),
];
