import { getMemberDisplayName } from "@common/member-helpers";
import type { TMember, ZUpdateMemberRoleBody } from "@common/members";
import { isAdminRole, ROLE_LABELS } from "@common/roles";
import type { z } from "zod";
import { users } from "../../db/schema/users";
import { churchRow } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { resetPointsTotal } from "../../lib/points";
import { recordActivity } from "../admin/activity.repo";
import { pauseIntegrationsConnectedBy } from "../integrations/integrations.service";
import { queueMemberWebhook } from "../integrations/webhooks";
import { deletePendingInvitations } from "../invitations/invitations.repo";
import { findMember, findMembersJson, lockAdmins } from "./members.repo";

export const LAST_ADMIN = "A church must keep at least one admin. Make another member an admin first.";

/** The member list as JSON text, ready to send. */
export function listMembersJson(ctx: TChurchCtx): Promise<string> {
  return findMembersJson(ctx);
}

/** Loads the target inside the caller's church and checks the caller may change it. */
async function getChangeableMember(ctx: TChurchCtx, id: string): Promise<TMember> {
  const member = await findMember(ctx, id);
  if (!member) throw notFound("Member not found");
  if (member.role === "SUPER_ADMIN" && ctx.role !== "SUPER_ADMIN")
    throw forbidden("Only a super admin can change a super admin.");
  return member;
}

/**
 * A member who loses the admin role (demoted or removed) must not come back through an invitation.
 * An admin could copy every pending link (Copy Link), not only their own, so every pending
 * invitation of the church is revoked: the links answer 404, and the activity feed asks the
 * remaining admins to send them again.
 */
async function revokeInvitationsSeenBy(ctx: TChurchCtx, member: TMember): Promise<void> {
  const revoked = await deletePendingInvitations(ctx);
  if (revoked > 0) {
    const what = revoked === 1 ? "1 pending invitation was" : `${revoked} pending invitations were`;
    await recordActivity(
      ctx,
      "invitations_revoked",
      `${what} revoked because ${getMemberDisplayName(member)} is no longer an admin. Send them again.`,
    );
  }
}

/** Everything a member who loses the admin role leaves behind that must wait for the other admins. */
async function revokeWhatAdminLeft(ctx: TChurchCtx, member: TMember): Promise<void> {
  await revokeInvitationsSeenBy(ctx, member);
  await pauseIntegrationsConnectedBy(ctx, { id: member.id, name: getMemberDisplayName(member) });
}

async function assertKeepsAnAdmin(ctx: TChurchCtx, member: TMember): Promise<void> {
  if (!isAdminRole(member.role)) return;
  const admins = await lockAdmins(ctx);
  if (admins.filter((a) => a !== member.id).length === 0) throw conflict(LAST_ADMIN);
}

export async function updateMemberRole(
  ctx: TChurchCtx,
  id: string,
  body: z.output<typeof ZUpdateMemberRoleBody>,
): Promise<TMember> {
  const updated = await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const member = await getChangeableMember(tx, id);
    if (member.role === body.role) return member;
    if (!isAdminRole(body.role)) await assertKeepsAnAdmin(tx, member);
    await db
      .update(users)
      .set({ role: body.role })
      .where(churchRow(users, ctx, id));
    await recordActivity(tx, "member_role_changed", `${getMemberDisplayName(member)} is now ${ROLE_LABELS[body.role]}`);
    if (isAdminRole(member.role) && !isAdminRole(body.role)) await revokeWhatAdminLeft(tx, member);
    return { ...member, role: body.role };
  });
  await ctx.changed("user", id);
  return updated;
}

/** Removes the member from the church (the account stays, without a church). */
export async function removeMember(ctx: TChurchCtx, id: string): Promise<void> {
  await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const member = await getChangeableMember(tx, id);
    await assertKeepsAnAdmin(tx, member);
    await db
      .update(users)
      .set({ churchId: null, churchJoinedAt: null, role: "CONGREGANT" })
      .where(churchRow(users, ctx, id));
    await resetPointsTotal(db, id, null);
    await recordActivity(tx, "member_removed", `${getMemberDisplayName(member)} was removed from the church`);
    // First, so that the integrations it pauses are not sent this removal either.
    if (isAdminRole(member.role)) await revokeWhatAdminLeft(tx, member);
    await queueMemberWebhook(db, ctx.churchId, {
      event: "member.left",
      member: {
        id: member.id,
        email: member.email,
        firstName: member.firstName,
        lastName: member.lastName,
        role: member.role,
      },
    });
  });
  await ctx.changed("user", id);
}
