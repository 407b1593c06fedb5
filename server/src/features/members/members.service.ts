import type { TTimePageQuery } from "@common/list-page";
import { getMemberDisplayName } from "@common/member-helpers";
import type { TMember, ZUpdateMemberRoleBody } from "@common/members";
import { isAdminRole } from "@common/roles";
import type { z } from "zod";
import { users } from "../../db/schema/users";
import { recordAudit } from "../../lib/audit";
import { churchRow } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { publish } from "../../lib/domain-events";
import { conflict, forbidden, notFound } from "../../lib/errors";
import type { TPage } from "../../lib/list-page";
import { pauseIntegrationsConnectedBy, revokePendingInvitations } from "../../lib/membership";
import { resetPointsTotal } from "../../lib/points";
import { findMember, findMembersPageJson, lockAdmins } from "./members.repo";
import { isFirstPageQuery, type MembersFirstPageCache, type TMembersFirstPage } from "./members-first-page-cache";

export const LAST_ADMIN = "A church must keep at least one admin. Make another member an admin first.";

/**
 * A page of the member list as JSON, ready to send, and the next page's cursor: the first page from
 * the church's kept copy (MembersFirstPageCache), unless the caller is one of the few on it who see
 * their own hidden bio there.
 */
export async function listMembersPageJson(
  ctx: TChurchCtx,
  query: TTimePageQuery,
  firstPage: MembersFirstPageCache,
): Promise<TPage<string> | { kept: TMembersFirstPage }> {
  if (isFirstPageQuery(query)) {
    const kept = await firstPage.get(ctx.churchId);
    if (!kept.hiddenBioIds.has(ctx.userId)) return { kept };
  }
  return findMembersPageJson(ctx, query);
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
 * A member who loses the admin role (demoted or removed) must not come back through an invitation,
 * nor keep their integrations sending. An admin could copy every pending link (Copy Link), not only
 * their own, so every pending invitation of the church is revoked, and the integrations they
 * connected are paused, in the transaction of the change (a queued job would leave a moment to use
 * an admin link or send one more delivery); the event says what was done, and the activity feed
 * asks the remaining admins to send the invitations again and review the integrations.
 */
async function revokeWhatAdminLeft(
  ctx: TChurchCtx,
  member: TMember,
  role: string,
): Promise<{ revokedInvitations: number; pausedIntegrations: string[] }> {
  if (!isAdminRole(member.role) || isAdminRole(role)) return { revokedInvitations: 0, pausedIntegrations: [] };
  const revokedInvitations = await revokePendingInvitations(ctx.db, ctx);
  const name = getMemberDisplayName(member);
  const pausedIntegrations = await pauseIntegrationsConnectedBy(ctx.db, ctx, { id: member.id, name });
  return { revokedInvitations, pausedIntegrations };
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
    const revoked = await revokeWhatAdminLeft(tx, member, body.role);
    await recordAudit(db, ctx, {
      action: "member.role_changed",
      targetType: "member",
      targetId: id,
      changes: { role: [member.role, body.role] },
    });
    await publish(db, "member.role_changed", {
      churchId: ctx.churchId,
      actorId: ctx.userId,
      userId: id,
      from: member.role,
      to: body.role,
      ...revoked,
    });
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
    const revoked = await revokeWhatAdminLeft(tx, member, "CONGREGANT");
    await recordAudit(db, ctx, {
      action: "member.removed",
      targetType: "member",
      targetId: id,
      changes: { role: [member.role, null] },
    });
    await publish(db, "member.left", {
      churchId: ctx.churchId,
      actorId: ctx.userId,
      userId: id,
      role: member.role,
      ...revoked,
    });
  });
  await ctx.changed("user", id);
}
