import type { TOnboardingStepId } from "@common/onboarding";
import type { TRole } from "@common/roles";
import { eq } from "drizzle-orm";
import { churches } from "../../db/schema/churches";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { subscriber, type TEventName, type TSubscriber, type TSubscriberCtx } from "../../lib/domain-events";
import { completeOnboardingStepFor } from "./onboarding.service";

/**
 * The onboarding journey's steps completed by the real actions that earn them (spec 2 §4), from
 * those actions' domain events (issue 25 §1): the step's points and badge are paid in the
 * subscriber's transaction, once however often the event comes (the ledger's key decides). The
 * member is the event's actor; one who has left the church since gets nothing there.
 *
 * An event with no actor (a prayer for an anonymous request) completes nothing here: the journey
 * finds the prayer itself when the member's progress is next read (onboarding.service.ts).
 */

/** The member's context in the event's church, or null when the actor is gone from it. */
async function memberCtx(ctx: TSubscriberCtx, userId: string | null): Promise<TChurchCtx | null> {
  if (!userId) return null;
  const [member] = await ctx.db
    .select({ role: users.role, timeZone: churches.timeZone })
    .from(users)
    .innerJoin(churches, eq(churches.id, users.churchId))
    .where(inChurch(users, ctx, eq(users.id, userId)));
  if (!member) return null;
  return {
    db: ctx.db,
    changed: ctx.changed,
    churchId: ctx.churchId,
    userId,
    role: member.role as TRole,
    timeZone: member.timeZone,
  };
}

const completes = (event: TEventName, stepId: TOnboardingStepId) =>
  subscriber({
    name: `onboarding.${stepId}_on_${event.replace(".", "_")}`,
    event,
    handle: async ({ payload }, ctx) => {
      const member = await memberCtx(ctx, payload.actorId);
      if (member) await completeOnboardingStepFor(member, stepId);
    },
  });

export const onboardingSubscribers: TSubscriber[] = [
  completes("kudos.submitted", "give_kudos"),
  // A named request's author; an anonymous one's event has no actor (its author is never named).
  completes("prayer.created", "prayer_requests"),
  completes("prayer.prayed", "prayer_requests"),
  completes("sermon.watched", "explore_sermons"),
  completes("reading.completed", "join_growth"),
  completes("action_step.completed", "join_growth"),
  completes("profile.updated", "profile_setup"),
];
