import type { TInvitation } from "@common/invitations";
import type { TInvitationRequest } from "@common/public-church";
import { desc, isNull } from "drizzle-orm";
import { invitationRequests } from "../../db/schema/invitations";
import { recordAudit } from "../../lib/audit";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { publish } from "../../lib/domain-events";
import { conflict, notFound } from "../../lib/errors";
import { createInvitation, type TInvitationDeps } from "./invitations.service";

type TRequestRow = typeof invitationRequests.$inferSelect;

const toInvitationRequest = (row: TRequestRow): TInvitationRequest => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});

/** The church's open requests to join, newest first (handled ones are kept, not listed). */
export async function listInvitationRequests(ctx: TChurchCtx): Promise<TInvitationRequest[]> {
  const rows = await ctx.db
    .select()
    .from(invitationRequests)
    .where(inChurch(invitationRequests, ctx, isNull(invitationRequests.handledAt)))
    .orderBy(desc(invitationRequests.createdAt))
    .limit(200);
  return rows.map(toInvitationRequest);
}

/** The open request, locked for this transaction; another church's id is a 404. */
async function takeOpenRequest(ctx: TChurchCtx, id: string): Promise<TRequestRow> {
  const [row] = await ctx.db
    .select()
    .from(invitationRequests)
    .where(churchRow(invitationRequests, ctx, id))
    .for("update");
  if (!row) throw notFound("Request not found");
  if (row.handledAt) throw conflict("This request was already handled.");
  return row;
}

/**
 * Invites the person who asked: a normal invitation as Church Member, made by the same service as
 * "Invite someone", so every sending limit and the unconfirmed admin's hold apply.
 */
export async function inviteFromRequest(ctx: TChurchCtx, id: string, deps: TInvitationDeps): Promise<TInvitation> {
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const request = await takeOpenRequest(tx, id);
    const invitation = await createInvitation(tx, { email: request.email, role: "CONGREGANT" }, deps);
    await db
      .update(invitationRequests)
      .set({ handledAt: new Date(), outcome: "invited", invitationId: invitation.id })
      .where(churchRow(invitationRequests, tx, id));
    await recordAudit(db, ctx, {
      action: "invitation_request.approved",
      targetType: "invitation_request",
      targetId: id,
      changes: { outcome: [null, "invited"], invitation: [null, invitation.id] },
    });
    return invitation;
  });
}

export async function dismissInvitationRequest(ctx: TChurchCtx, id: string): Promise<void> {
  await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const request = await takeOpenRequest(tx, id);
    await db
      .update(invitationRequests)
      .set({ handledAt: new Date(), outcome: "dismissed" })
      .where(churchRow(invitationRequests, tx, id));
    await publish(db, "invitation_request.dismissed", {
      churchId: ctx.churchId,
      actorId: ctx.userId,
      requestId: id,
      email: request.email,
    });
    await recordAudit(db, ctx, {
      action: "invitation_request.declined",
      targetType: "invitation_request",
      targetId: id,
      changes: { outcome: [null, "dismissed"] },
    });
  });
}
