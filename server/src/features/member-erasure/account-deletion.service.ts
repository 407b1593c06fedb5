import type { ZDeleteAccountBody, ZEraseMemberBody } from "@common/member-erasure";
import { SSO_FRESH_SIGN_IN_MINUTES } from "@common/member-erasure-helpers";
import { isAdminRole } from "@common/roles";
import type { z } from "zod";
import type { TDb } from "../../db/client";
import type { TChurchCtx } from "../../lib/context";
import { verifyPassword } from "../../lib/crypto";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { msg } from "../../lib/i18n";
import { findChurchName, findErasable, findSessionStart, lockChurchAdmins } from "./member-erasure.repo";
import { eraseMember, forgetErasedMember } from "./member-erasure.service";

/*
 * The two requests that erase a member (issue 28): the member's own "Delete my account" and an
 * admin's erasure on the member's request. Both check who may, then run the one erasure
 * (member-erasure.service.ts eraseMember) in a transaction that also holds the last-admin check.
 */

type TDeleteAccountBody = z.output<typeof ZDeleteAccountBody>;
type TEraseMemberBody = z.output<typeof ZEraseMemberBody>;

/** Wrong passwords answer as the password change does (a sentence on the field, 400). */
const WRONG_PASSWORD = "Your current password is incorrect.";

/**
 * The last admin stays: inside the erasure's transaction, the church's admins are locked and the
 * member may go only if another remains.
 */
async function assertAnotherAdmin(ctx: TChurchCtx, db: TDb, memberId: string, role: string): Promise<void> {
  if (!isAdminRole(role)) return;
  const admins = await lockChurchAdmins({ db, churchId: ctx.churchId });
  if (admins.some((id) => id !== memberId)) return;
  const church = await findChurchName(db, ctx.churchId);
  throw conflict(
    msg`You are the only admin of ${church}. Make another member an admin first, then delete your account.`,
  );
}

/**
 * `POST /api/user/delete`: the member erases their own account. The password proves it is them; an
 * account without one (single sign-on only) proves it by a sign-in less than SSO_FRESH_SIGN_IN_MINUTES
 * old. Afterwards every session is gone (the route clears the cookie) and the e-mail signs in nowhere.
 */
export async function deleteOwnAccount(
  ctx: TChurchCtx,
  sessionId: string,
  body: TDeleteAccountBody,
  ssoName: string,
): Promise<void> {
  const me = await findErasable(ctx, ctx.userId);
  if (!me) throw notFound("Account not found");
  if (me.passwordHash !== null) {
    if (!body.password) throw badRequest("Password is required", "password");
    if (!(await verifyPassword(body.password, me.passwordHash))) throw badRequest(WRONG_PASSWORD, "password");
  } else {
    const began = await findSessionStart(ctx.db, ctx.userId, sessionId);
    if (!began || Date.now() - began.getTime() > SSO_FRESH_SIGN_IN_MINUTES * 60_000) {
      throw forbidden(msg`Sign in again with ${ssoName} first, then delete your account.`);
    }
  }
  await ctx.db.transaction(async (tx) => {
    await assertAnotherAdmin(ctx, tx, me.id, me.role);
    await eraseMember(tx, { churchId: ctx.churchId, memberId: me.id, source: "member", by: ctx });
  });
  await forgetErasedMember(ctx.changed, ctx.churchId, me.id);
}

/**
 * `POST /api/admin/members/{id}/erase`: an admin erases a member on their request, with the reason
 * (kept in the audit entry). Another church's or an unknown id: 404; themself: 409 (their own
 * "Delete my account" asks for their password); only a super admin erases a super admin.
 */
export async function eraseMemberForAdmin(ctx: TChurchCtx, id: string, body: TEraseMemberBody): Promise<void> {
  if (id === ctx.userId) throw conflict("To erase your own account, use Delete my account on your profile.");
  const member = await findErasable(ctx, id);
  if (!member) throw notFound("Member not found");
  if (member.role === "SUPER_ADMIN" && ctx.role !== "SUPER_ADMIN")
    throw forbidden("Only a super admin can change a super admin.");
  await ctx.db.transaction(async (tx) => {
    await assertAnotherAdmin(ctx, tx, member.id, member.role);
    await eraseMember(tx, {
      churchId: ctx.churchId,
      memberId: member.id,
      source: "admin",
      by: ctx,
      reason: body.reason,
    });
  });
  await forgetErasedMember(ctx.changed, ctx.churchId, member.id);
}
