import { getMemberDisplayName } from "@common/member-helpers";
import { eq } from "drizzle-orm";
import { activities } from "../../db/schema/admin";
import { invitationRequests } from "../../db/schema/invitations";
import { users } from "../../db/schema/users";
import { churchRow } from "../../lib/church-scope";
import { subscriber, type TSubscriber, type TSubscriberCtx } from "../../lib/domain-events";
import { activityLine, type TActivityKey } from "./activity-words";

/**
 * The admin dashboard's lines about the church's people (issue 25 §1), written from the events of
 * members, invitations and churches, dated when the change happened. Each inserts in its job's own
 * transaction: a failed try leaves no line behind to repeat. A line is a message of the `activity`
 * catalogue, worded in the language of the admin who reads it (activity-words.ts).
 */

type TLine = ReturnType<typeof activityLine> & { kind: string; userId: string | null };

const line = (
  kind: string,
  userId: string | null,
  key: TActivityKey,
  values?: Parameters<typeof activityLine>[1],
): TLine => ({ kind, userId, ...activityLine(key, values) });

async function addLines(ctx: TSubscriberCtx, occurredAt: string, lines: TLine[]): Promise<void> {
  if (lines.length === 0) return;
  const createdAt = new Date(occurredAt);
  await ctx.db
    .insert(activities)
    .values(lines.map((l, i) => ({ ...l, id: ctx.rowId(i), churchId: ctx.churchId, createdAt })))
    .onConflictDoNothing();
}

/** The member's name as it is now (after a removal they are in no church: read by id); null when gone. */
async function nameOf(ctx: TSubscriberCtx, userId: string): Promise<string | null> {
  const [u] = await ctx.db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return u ? getMemberDisplayName(u) : null;
}

/**
 * The lines after an admin left the role: the pending invitations revoked (send them again) and the
 * integrations they connected paused (review them), both done by the change's own transaction.
 */
function adminLeftLines(
  payload: { revokedInvitations?: number; pausedIntegrations?: string[]; actorId: string | null },
  name: string | null,
): TLine[] {
  const lines: TLine[] = [];
  const revoked = payload.revokedInvitations ?? 0;
  if (revoked > 0)
    lines.push(line("invitations_revoked", payload.actorId, "admin.invitationsRevoked", { count: revoked, name }));
  const paused = payload.pausedIntegrations ?? [];
  if (paused.length > 0)
    lines.push(
      line("integrations_paused", payload.actorId, "admin.integrationsPaused", {
        count: paused.length,
        platforms: paused.join(", "),
        name,
      }),
    );
  return lines;
}

const memberJoined = subscriber({
  name: "activity.member_joined",
  event: "member.joined",
  handle: async ({ payload, occurredAt }, ctx) => {
    const name = await nameOf(ctx, payload.userId);
    await addLines(ctx, occurredAt, [
      payload.role
        ? line("member_joined", payload.userId, "admin.memberJoinedAs", { name, role: payload.role })
        : line("member_joined", payload.userId, "admin.memberJoined", { name }),
    ]);
  },
});

const memberRoleChanged = subscriber({
  name: "activity.member_role_changed",
  event: "member.role_changed",
  handle: async ({ payload, occurredAt }, ctx) => {
    const name = await nameOf(ctx, payload.userId);
    await addLines(ctx, occurredAt, [
      line("member_role_changed", payload.actorId, "admin.roleChanged", { name, role: payload.to }),
      ...adminLeftLines(payload, name),
    ]);
  },
});

const memberLeft = subscriber({
  name: "activity.member_left",
  event: "member.left",
  handle: async ({ payload, occurredAt }, ctx) => {
    const name = await nameOf(ctx, payload.userId);
    const removed = payload.actorId !== null && payload.actorId !== payload.userId;
    await addLines(ctx, occurredAt, [
      removed
        ? line("member_removed", payload.actorId, "admin.memberRemoved", { name })
        : line("member_left", payload.actorId, "admin.memberLeft", { name }),
      ...adminLeftLines(payload, name),
    ]);
  },
});

const churchCreated = subscriber({
  name: "activity.church_created",
  event: "church.created",
  handle: ({ payload, occurredAt }, ctx) =>
    addLines(ctx, occurredAt, [
      line("church_created", payload.actorId, "admin.churchCreated", { church: payload.name }),
    ]),
});

const invitationRequested = subscriber({
  name: "activity.invitation_requested",
  event: "invitation_request.created",
  handle: async ({ payload, occurredAt }, ctx) => {
    const [request] = await ctx.db
      .select({ name: invitationRequests.name, email: invitationRequests.email })
      .from(invitationRequests)
      .where(churchRow(invitationRequests, ctx, payload.requestId));
    if (!request) return;
    await addLines(ctx, occurredAt, [
      line("invitation_requested", null, "admin.invitationRequested", { name: request.name, email: request.email }),
    ]);
  },
});

const invitationSent = subscriber({
  name: "activity.invitation_sent",
  event: "invitation.sent",
  handle: async ({ payload: p, occurredAt }, ctx) => {
    await addLines(ctx, occurredAt, [
      p.waiting
        ? line("invitation_waiting", p.actorId, "admin.invitationWaiting", { email: p.email, role: p.role })
        : p.again
          ? line("invitation_sent", p.actorId, "admin.invitationSentAgain", { email: p.email })
          : line("invitation_sent", p.actorId, "admin.invitationSent", { email: p.email, role: p.role }),
    ]);
  },
});

const waitingSent = subscriber({
  name: "activity.invitation_waiting_sent",
  event: "invitation.waiting_sent",
  handle: async ({ payload: p, occurredAt }, ctx) => {
    await addLines(ctx, occurredAt, [line("invitation_sent", p.actorId, "admin.waitingSent", { count: p.count })]);
  },
});

const importCompleted = subscriber({
  name: "activity.import_completed",
  event: "import.completed",
  handle: async ({ payload: p, occurredAt }, ctx) => {
    await addLines(ctx, occurredAt, [
      line("invitation_sent", p.actorId, "admin.imported", { created: p.created, sent: p.sent, waiting: p.waiting }),
    ]);
  },
});

const requestDismissed = subscriber({
  name: "activity.invitation_request_dismissed",
  event: "invitation_request.dismissed",
  handle: async ({ payload: p, occurredAt }, ctx) => {
    await addLines(ctx, occurredAt, [
      line("invitation_request_dismissed", p.actorId, "admin.requestDismissed", { email: p.email }),
    ]);
  },
});

const integrationSynced = subscriber({
  name: "activity.integration_synced",
  event: "integration.synced",
  handle: async ({ payload: p, occurredAt }, ctx) => {
    await addLines(ctx, occurredAt, [
      line("integration_sync", null, "admin.integrationSync", { platform: p.platform, count: p.added }),
    ]);
  },
});

export const memberActivitySubscribers: TSubscriber[] = [
  invitationSent,
  waitingSent,
  importCompleted,
  requestDismissed,
  integrationSynced,
  memberJoined,
  memberRoleChanged,
  memberLeft,
  churchCreated,
  invitationRequested,
];
