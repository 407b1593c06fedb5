import { INTEGRATION_PLATFORM_INFO, type TIntegrationPlatform } from "@common/integrations";
import type { TRole } from "@common/roles";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { TDb } from "../db/client";
import { churches } from "../db/schema/churches";
import { integrations } from "../db/schema/integrations";
import { invitations } from "../db/schema/invitations";
import { users } from "../db/schema/users";
import { recordAudit } from "./audit";
import { inChurch } from "./church-scope";
import { sha256 } from "./crypto";
import { publish } from "./domain-events";
import { conflict, forbidden, notFound } from "./errors";
import { msg } from "./i18n";
import { resetPointsTotal } from "./points";

/*
 * Joining a church by invitation, and what must stay atomic with joining or leaving: a sign-up, a
 * single sign-on and an accepted invitation (auth, invitations) all join through `redeemInvitation`
 * inside their own transaction, so it lives here rather than in one of those features. What follows
 * a join (the activity feed, webhooks, an earlier membership's notifications) is the `member.joined`
 * event's subscribers.
 */

export const INVALID_INVITATION = "This invitation link is invalid, expired, or has already been used.";

/** Public look-up by token (stored as its SHA-256); the token itself is the credential. */
export async function findInvitationByToken(db: TDb, token: string) {
  const [row] = await db
    .select({
      invitation: invitations,
      church: { name: churches.name, logoUrl: churches.logoUrl, brandColor: churches.brandColor },
    })
    .from(invitations)
    .innerJoin(churches, eq(churches.id, invitations.churchId))
    .where(eq(invitations.tokenHash, sha256(token)));
  return row;
}

/** The valid, unused, unexpired invitation behind `token`, or a 404. */
export async function getUsableInvitation(db: TDb, token: string) {
  const found = await findInvitationByToken(db, token);
  if (!found || found.invitation.isUsed || found.invitation.expiresAt.getTime() < Date.now()) {
    throw notFound(INVALID_INVITATION);
  }
  return found;
}

/** Marks the invitation used unless someone else got there first; returns false then. */
async function markInvitationUsed(db: TDb, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ isUsed: true, usedBy: userId })
    .where(and(eq(invitations.id, id), eq(invitations.isUsed, false)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/**
 * Joins `user` to the invitation's church with its role, inside the caller's transaction, and
 * records it: the audit entry (the member is its actor) and the `member.joined` event. The e-mail
 * must be the invited one; a user who already belongs to a church cannot join another.
 */
export async function redeemInvitation(
  db: TDb,
  user: { id: string; email: string; churchId: string | null },
  token: string,
  from: { ip?: string | null } = {},
): Promise<{ churchId: string }> {
  const { invitation, church } = await getUsableInvitation(db, token);
  if (invitation.email !== user.email.toLowerCase()) {
    throw forbidden(
      msg`This invitation was sent to ${invitation.email}. Sign in with that email address to accept it.`,
    );
  }
  if (user.churchId) {
    throw conflict(
      user.churchId === invitation.churchId
        ? msg`You are already a member of ${church.name}.`
        : "You already belong to a church.",
    );
  }
  if (!(await markInvitationUsed(db, invitation.id, user.id))) throw notFound(INVALID_INVITATION);
  // Only a user still without a church joins: a church created (or another invitation accepted)
  // at the same moment wins, and this transaction rolls back, leaving the invitation unused.
  const role = invitation.role as TRole;
  const joined = await db
    .update(users)
    .set({ churchId: invitation.churchId, churchJoinedAt: new Date(), role })
    .where(and(eq(users.id, user.id), isNull(users.churchId)))
    .returning({ id: users.id });
  if (joined.length === 0) throw conflict("You already belong to a church.");
  // Points are per church: here the member has what they earned here before, if anything.
  await resetPointsTotal(db, user.id, invitation.churchId);
  const by = { churchId: invitation.churchId, userId: user.id, ip: from.ip ?? null };
  await recordAudit(db, by, {
    action: "member.joined",
    targetType: "member",
    targetId: user.id,
    changes: { role: [null, role], invitation: [null, invitation.id] },
  });
  await publish(db, "member.joined", { churchId: invitation.churchId, actorId: user.id, userId: user.id, role });
  return { churchId: invitation.churchId };
}

/**
 * Deletes the church's pending invitations, in the caller's transaction: an admin who loses the
 * role (demoted or removed) could have copied any pending link (Copy Link), an admin one included,
 * so they die with the change, not a moment later when a queued job gets to them. Returns how many.
 */
export async function revokePendingInvitations(db: TDb, church: { churchId: string }): Promise<number> {
  const rows = await db
    .delete(invitations)
    .where(inChurch(invitations, church, eq(invitations.isUsed, false)))
    .returning({ id: invitations.id });
  return rows.length;
}

/**
 * An admin who loses the role (removed or demoted) knows the keys and webhook secrets of the
 * integrations they connected, and what they set up should not keep sending on their say-so: the
 * church's active integrations they connected are turned off (not deleted), each showing why, in
 * the transaction of the change, so that a delivery or sync already queued finds them off. Returns
 * the platforms' names, for the activity feed that asks the remaining admins to review them.
 */
export async function pauseIntegrationsConnectedBy(
  db: TDb,
  church: { churchId: string },
  member: { id: string; name: string },
): Promise<string[]> {
  // Kept in English; each answer says it in the reader's language (integrations' integration-reasons.ts).
  const reason =
    msg`Paused because ${member.name}, who connected it, is no longer an admin. Review its key, webhook URL and settings (rotate the webhook secret if they knew it), then turn it back on.`.english();
  const paused = await db
    .update(integrations)
    .set({ isActive: false, pausedReason: reason, updatedAt: new Date() })
    .where(inChurch(integrations, church, eq(integrations.createdBy, member.id), eq(integrations.isActive, true)))
    .returning({ platform: integrations.platform });
  return paused.map((p) => INTEGRATION_PLATFORM_INFO[p.platform as TIntegrationPlatform]?.name ?? p.platform);
}

/**
 * A per-church lock for bulk invitation work (an import, "send all waiting", an integration's sync
 * adding people to review): one at a time, taken first.
 */
export async function lockBulkInvitations(db: TDb, churchId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invite-bulk:${churchId}`}, 0))`);
}
