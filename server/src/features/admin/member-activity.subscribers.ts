import { getMemberDisplayName } from "@common/member-helpers";
import { ROLE_LABELS, type TRole } from "@common/roles";
import { eq } from "drizzle-orm";
import { activities } from "../../db/schema/admin";
import { invitationRequests } from "../../db/schema/invitations";
import { users } from "../../db/schema/users";
import { churchRow } from "../../lib/church-scope";
import { subscriber, type TSubscriber, type TSubscriberCtx } from "../../lib/domain-events";

/**
 * The admin dashboard's lines about the church's people (issue 25 §1), written from the events of
 * members, invitations and churches, dated when the change happened. Each inserts in its job's own
 * transaction: a failed try leaves no line behind to repeat.
 */

type TLine = { kind: string; description: string; userId: string | null };

async function addLines(ctx: TSubscriberCtx, occurredAt: string, lines: TLine[]): Promise<void> {
  if (lines.length === 0) return;
  const createdAt = new Date(occurredAt);
  await ctx.db
    .insert(activities)
    .values(lines.map((l, i) => ({ ...l, id: ctx.rowId(i), churchId: ctx.churchId, createdAt })))
    .onConflictDoNothing();
}

/** The member's name as it is now (after a removal they are in no church: read by id). */
async function nameOf(ctx: TSubscriberCtx, userId: string): Promise<string> {
  const [u] = await ctx.db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return u ? getMemberDisplayName(u) : "A former member";
}

const roleLabel = (role: string) => ROLE_LABELS[role as TRole] ?? role;

/**
 * The lines after an admin left the role: the pending invitations revoked (send them again) and the
 * integrations they connected paused (review them), both done by the change's own transaction.
 */
function adminLeftLines(
  payload: { revokedInvitations?: number; pausedIntegrations?: string[]; actorId: string | null },
  name: string,
): TLine[] {
  const lines: TLine[] = [];
  const revoked = payload.revokedInvitations ?? 0;
  if (revoked > 0) {
    const what = revoked === 1 ? "1 pending invitation was" : `${revoked} pending invitations were`;
    lines.push({
      kind: "invitations_revoked",
      description: `${what} revoked because ${name} is no longer an admin. Send them again.`,
      userId: payload.actorId,
    });
  }
  const paused = payload.pausedIntegrations ?? [];
  if (paused.length > 0) {
    const what = paused.length === 1 ? "1 integration was" : `${paused.length} integrations were`;
    const it = paused.length === 1 ? "it" : "them";
    lines.push({
      kind: "integrations_paused",
      description: `${what} paused (${paused.join(", ")}) because ${name}, who connected ${it}, is no longer an admin. Review ${it} in Integrations and turn ${it} back on.`,
      userId: payload.actorId,
    });
  }
  return lines;
}

const memberJoined = subscriber({
  name: "activity.member_joined",
  event: "member.joined",
  handle: async ({ payload, occurredAt }, ctx) => {
    const name = await nameOf(ctx, payload.userId);
    const as = payload.role ? ` as ${roleLabel(payload.role)}` : "";
    await addLines(ctx, occurredAt, [
      { kind: "member_joined", description: `${name} joined the church${as}`, userId: payload.userId },
    ]);
  },
});

const memberRoleChanged = subscriber({
  name: "activity.member_role_changed",
  event: "member.role_changed",
  handle: async ({ payload, occurredAt }, ctx) => {
    const name = await nameOf(ctx, payload.userId);
    await addLines(ctx, occurredAt, [
      { kind: "member_role_changed", description: `${name} is now ${roleLabel(payload.to)}`, userId: payload.actorId },
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
      {
        kind: removed ? "member_removed" : "member_left",
        description: removed ? `${name} was removed from the church` : `${name} left the church`,
        userId: payload.actorId,
      },
      ...adminLeftLines(payload, name),
    ]);
  },
});

const churchCreated = subscriber({
  name: "activity.church_created",
  event: "church.created",
  handle: ({ payload, occurredAt }, ctx) =>
    addLines(ctx, occurredAt, [
      { kind: "church_created", description: `${payload.name} was created`, userId: payload.actorId },
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
      {
        kind: "invitation_requested",
        description: `${request.name} (${request.email}) asked for an invitation`,
        userId: null,
      },
    ]);
  },
});

const people = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;

const invitationSent = subscriber({
  name: "activity.invitation_sent",
  event: "invitation.sent",
  handle: async ({ payload: p, occurredAt }, ctx) => {
    const line: TLine = p.waiting
      ? {
          kind: "invitation_waiting",
          description: `Invitation to ${p.email} (${roleLabel(p.role)}) waits for review`,
          userId: p.actorId,
        }
      : p.again
        ? { kind: "invitation_sent", description: `Invitation sent again to ${p.email}`, userId: p.actorId }
        : {
            kind: "invitation_sent",
            description: `Invitation sent to ${p.email} (${roleLabel(p.role)})`,
            userId: p.actorId,
          };
    await addLines(ctx, occurredAt, [line]);
  },
});

const waitingSent = subscriber({
  name: "activity.invitation_waiting_sent",
  event: "invitation.waiting_sent",
  handle: async ({ payload: p, occurredAt }, ctx) => {
    await addLines(ctx, occurredAt, [
      { kind: "invitation_sent", description: `${p.count} waiting invitations sent`, userId: p.actorId },
    ]);
  },
});

const importCompleted = subscriber({
  name: "activity.import_completed",
  event: "import.completed",
  handle: async ({ payload: p, occurredAt }, ctx) => {
    await addLines(ctx, occurredAt, [
      {
        kind: "invitation_sent",
        description: `${people(p.created)} imported (${p.sent} invitations sent, ${p.waiting} waiting for review)`,
        userId: p.actorId,
      },
    ]);
  },
});

const requestDismissed = subscriber({
  name: "activity.invitation_request_dismissed",
  event: "invitation_request.dismissed",
  handle: async ({ payload: p, occurredAt }, ctx) => {
    await addLines(ctx, occurredAt, [
      {
        kind: "invitation_request_dismissed",
        description: `Request to join from ${p.email} dismissed`,
        userId: p.actorId,
      },
    ]);
  },
});

const integrationSynced = subscriber({
  name: "activity.integration_synced",
  event: "integration.synced",
  handle: async ({ payload: p, occurredAt }, ctx) => {
    await addLines(ctx, occurredAt, [
      {
        kind: "integration_sync",
        description: `${p.platform} sync: ${people(p.added)} waiting for review`,
        userId: null,
      },
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
