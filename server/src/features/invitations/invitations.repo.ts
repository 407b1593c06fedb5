import { and, desc, eq, gt } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { churches, invitations } from "../../db/schema";
import type { TChurchCtx } from "../../lib/context";

export type TInvitationRow = typeof invitations.$inferSelect;

export function findInvitations(ctx: TChurchCtx) {
  return ctx.db
    .select()
    .from(invitations)
    .where(eq(invitations.churchId, ctx.churchId))
    .orderBy(desc(invitations.createdAt));
}

export async function findPendingInvitationByEmail(ctx: TChurchCtx, email: string) {
  const [row] = await ctx.db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.churchId, ctx.churchId),
        eq(invitations.email, email),
        eq(invitations.isUsed, false),
        gt(invitations.expiresAt, new Date()),
      ),
    );
  return row;
}

export async function createInvitationRow(
  ctx: TChurchCtx,
  values: Omit<typeof invitations.$inferInsert, "churchId" | "invitedBy">,
) {
  const [row] = await ctx.db
    .insert(invitations)
    .values({ ...values, churchId: ctx.churchId, invitedBy: ctx.userId })
    .returning();
  return row;
}

export async function deleteInvitationRow(ctx: TChurchCtx, id: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.churchId, ctx.churchId)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/** Public look-up by token; the token itself is the credential. */
export async function findInvitationByToken(db: TDb, token: string) {
  const [row] = await db
    .select({
      invitation: invitations,
      church: { name: churches.name, logoUrl: churches.logoUrl, brandColor: churches.brandColor },
    })
    .from(invitations)
    .innerJoin(churches, eq(churches.id, invitations.churchId))
    .where(eq(invitations.token, token));
  return row;
}

/** Marks the invitation used unless someone else got there first; returns false then. */
export async function markInvitationUsed(db: TDb, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ isUsed: true, usedBy: userId })
    .where(and(eq(invitations.id, id), eq(invitations.isUsed, false)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}
