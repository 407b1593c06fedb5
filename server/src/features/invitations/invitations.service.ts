import type { ZCreateInvitationBody } from "@common/invitations";
import { INVITATION_TTL_DAYS, type TInvitation, type TPublicInvitation } from "@common/invitations";
import { ROLE_LABELS, type TRole } from "@common/roles";
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { TDb } from "../../db/client";
import { users } from "../../db/schema";
import type { TChurchCtx } from "../../lib/context";
import { createToken } from "../../lib/crypto";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { type Mailer, renderActionMail } from "../../lib/mail";
import { recordActivity } from "../admin/activity.repo";
import {
  createInvitationRow,
  deleteInvitationRow,
  findInvitationByToken,
  findInvitations,
  findPendingInvitationByEmail,
  markInvitationUsed,
  type TInvitationRow,
} from "./invitations.repo";

export const INVALID_INVITATION = "This invitation link is invalid, expired, or has already been used.";

export function toInvitation(row: TInvitationRow): TInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as TRole,
    token: row.token,
    isUsed: row.isUsed,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listInvitations(ctx: TChurchCtx): Promise<TInvitation[]> {
  return (await findInvitations(ctx)).map(toInvitation);
}

const ROLE_WORDS: Record<string, string> = {
  CONGREGANT: "a member",
  GROUP_LEADER: "a group leader",
  ADMIN: "a church leader",
};

export async function createInvitation(
  ctx: TChurchCtx,
  body: z.output<typeof ZCreateInvitationBody>,
  deps: { mailer: Mailer; baseUrl: string; churchName: string; brandColor: string; inviterName: string },
): Promise<TInvitation> {
  const [member] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, body.email), eq(users.churchId, ctx.churchId)));
  if (member) throw conflict(`${body.email} is already a member of your church.`);
  if (await findPendingInvitationByEmail(ctx, body.email)) {
    throw conflict(`${body.email} already has a pending invitation. Copy its link or delete it first.`);
  }
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const row = await createInvitationRow(tx, {
      email: body.email,
      role: body.role,
      token: createToken(32),
      expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
    });
    const link = `${deps.baseUrl}/invite/${row.token}`;
    const lines = [
      `${deps.inviterName} has invited you to join ${deps.churchName} on Fellowship as ${ROLE_WORDS[row.role] ?? "a member"}.`,
      `The invitation is for ${row.email} and expires in ${INVITATION_TTL_DAYS} days.`,
    ];
    await deps.mailer.enqueue(
      {
        to: row.email,
        subject: `You're invited to join ${deps.churchName}`,
        text: `${lines.join("\n\n")}\n\nAccept your invitation: ${link}\n`,
        html: renderActionMail({
          heading: `Join ${deps.churchName}`,
          lines,
          actionLabel: "Accept Invitation",
          actionUrl: link,
          color: deps.brandColor,
        }),
      },
      tx.db,
    );
    await recordActivity(tx, "invitation_sent", `Invitation sent to ${row.email} (${ROLE_LABELS[row.role as TRole]})`);
    return toInvitation(row);
  });
}

export async function deleteInvitation(ctx: TChurchCtx, id: string): Promise<void> {
  if (!(await deleteInvitationRow(ctx, id))) throw notFound("Invitation not found");
}

/** The valid, unused, unexpired invitation behind `token`, or a 404. */
export async function getUsableInvitation(db: TDb, token: string) {
  const found = await findInvitationByToken(db, token);
  if (!found || found.invitation.isUsed || found.invitation.expiresAt.getTime() < Date.now()) {
    throw notFound(INVALID_INVITATION);
  }
  return found;
}

export async function getPublicInvitation(db: TDb, token: string): Promise<TPublicInvitation> {
  const { invitation, church } = await getUsableInvitation(db, token);
  return {
    email: invitation.email,
    role: invitation.role as TRole,
    expiresAt: invitation.expiresAt.toISOString(),
    church,
  };
}

/**
 * Joins `userId` to the invitation's church with its role, inside the caller's transaction.
 * The e-mail must be the invited one; a user who already belongs to a church cannot join another.
 */
export async function redeemInvitation(
  db: TDb,
  user: { id: string; email: string; churchId: string | null },
  token: string,
): Promise<{ churchId: string }> {
  const { invitation, church } = await getUsableInvitation(db, token);
  if (invitation.email !== user.email.toLowerCase()) {
    throw forbidden(`This invitation was sent to ${invitation.email}. Sign in with that e-mail address to accept it.`);
  }
  if (user.churchId) {
    throw conflict(
      user.churchId === invitation.churchId
        ? `You are already a member of ${church.name}.`
        : "You already belong to a church.",
    );
  }
  if (!(await markInvitationUsed(db, invitation.id, user.id))) throw notFound(INVALID_INVITATION);
  // Only a user still without a church joins: a church created (or another invitation accepted)
  // at the same moment wins, and this transaction rolls back, leaving the invitation unused.
  const joined = await db
    .update(users)
    .set({ churchId: invitation.churchId, role: invitation.role })
    .where(and(eq(users.id, user.id), isNull(users.churchId)))
    .returning({ id: users.id });
  if (joined.length === 0) throw conflict("You already belong to a church.");
  const [u] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, user.id));
  const name = [u?.firstName, u?.lastName].filter(Boolean).join(" ") || user.email;
  await recordActivity(
    { db, churchId: invitation.churchId, userId: user.id },
    "member_joined",
    `${name} joined the church as ${ROLE_LABELS[invitation.role as TRole]}`,
  );
  return { churchId: invitation.churchId };
}
