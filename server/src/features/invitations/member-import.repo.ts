import { asc, eq, gt } from "drizzle-orm";
import { invitations } from "../../db/schema/invitations";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";

/** The e-mail addresses of the church's members (stored lower-cased). */
export async function findMemberEmails(ctx: TChurchCtx): Promise<Set<string>> {
  const rows = await ctx.db.select({ email: users.email }).from(users).where(inChurch(users, ctx));
  return new Set(rows.map((r) => r.email.toLowerCase()));
}

/** The addresses with a pending (unused, unexpired) invitation of the church, sent or waiting. */
export async function findPendingInvitationEmails(ctx: TChurchCtx): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ email: invitations.email })
    .from(invitations)
    .where(inChurch(invitations, ctx, eq(invitations.isUsed, false), gt(invitations.expiresAt, new Date())));
  return new Set(rows.map((r) => r.email));
}

export function findMembersForExport(ctx: TChurchCtx) {
  return ctx.db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      joinedAt: users.churchJoinedAt,
      createdAt: users.createdAt,
      points: users.points,
      lastActiveAt: users.lastActiveAt,
    })
    .from(users)
    .where(inChurch(users, ctx))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
}

export function findInvitationsForExport(ctx: TChurchCtx) {
  return ctx.db
    .select({
      email: invitations.email,
      firstName: invitations.firstName,
      lastName: invitations.lastName,
      role: invitations.role,
      isUsed: invitations.isUsed,
      source: invitations.source,
      createdAt: invitations.createdAt,
      sentAt: invitations.sentAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(inChurch(invitations, ctx))
    .orderBy(asc(invitations.createdAt), asc(invitations.email));
}
