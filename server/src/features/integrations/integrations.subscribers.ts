import type { TRole } from "@common/roles";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/users";
import { subscriber, type TSubscriber, type TSubscriberCtx } from "../../lib/domain-events";
import { queueMemberWebhook, type TWebhookEvent } from "./webhooks";

/**
 * What integrations do when the church's people change (issue 25 §1): a webhook to each active
 * integration with a URL when a member joins or leaves. (An admin who loses the role has the
 * integrations they connected paused in the change's own transaction, lib/membership.ts, so neither
 * this removal nor a delivery queued before it reaches those.) Each runs in one transaction: a
 * failed try leaves nothing to repeat.
 */

/** The account as it is now (it is not in the church any more after a removal: read by id). */
async function findAccount(ctx: TSubscriberCtx, userId: string) {
  const [row] = await ctx.db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

async function sendMemberWebhook(
  ctx: TSubscriberCtx,
  event: TWebhookEvent,
  member: { userId: string; role?: TRole },
  occurredAt: string,
): Promise<void> {
  const account = await findAccount(ctx, member.userId);
  if (!account) return; // the account was deleted since: nobody to describe
  await queueMemberWebhook(ctx.db, ctx.churchId, {
    event,
    occurredAt: new Date(occurredAt),
    deliveryId: (integrationId) => ctx.rowId(integrationId),
    member: {
      id: member.userId,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      role: member.role ?? (account.role as TRole),
    },
  });
}

const memberJoined = subscriber({
  name: "integrations.member_joined",
  event: "member.joined",
  handle: ({ payload, occurredAt }, ctx) => sendMemberWebhook(ctx, "member.joined", payload, occurredAt),
});

const memberLeft = subscriber({
  name: "integrations.member_left",
  event: "member.left",
  handle: ({ payload, occurredAt }, ctx) => sendMemberWebhook(ctx, "member.left", payload, occurredAt),
});

export const integrationSubscribers: TSubscriber[] = [memberJoined, memberLeft];
