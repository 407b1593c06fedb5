import type { TTimePageQuery } from "@common/list-page";
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, min, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { invitationSends, invitations } from "../../db/schema/invitations";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { afterCursor, cursorTime } from "../../lib/list-page";

export type TInvitationRow = typeof invitations.$inferSelect;

/**
 * A page of the church's invitations, newest first by (created_at, id) on invitations_church_idx,
 * and one row more to know whether a next page exists (issue 30); `at` is the row's cursor time.
 */
export function findInvitationsPage(ctx: TChurchCtx, query: TTimePageQuery) {
  return ctx.db
    .select({ row: invitations, at: cursorTime(invitations.createdAt) })
    .from(invitations)
    .where(inChurch(invitations, ctx, afterCursor(invitations.createdAt, invitations.id, query.after, "desc")))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(query.limit + 1);
}

export async function findPendingInvitationByEmail(ctx: TChurchCtx, email: string) {
  const [row] = await ctx.db
    .select()
    .from(invitations)
    .where(
      inChurch(
        invitations,
        ctx,
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
    .where(churchRow(invitations, ctx, id))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export async function findInvitation(ctx: TChurchCtx, id: string) {
  const [row] = await ctx.db
    .select()
    .from(invitations)
    .where(churchRow(invitations, ctx, id));
  return row;
}

/**
 * Whether the caller is still an admin of the church, holding their row until the transaction
 * ends: a demotion or removal committing meanwhile waits, then revokes what this one created.
 */
export async function isStillAdmin(ctx: TChurchCtx): Promise<boolean> {
  const [row] = await ctx.db
    .select({ role: users.role })
    .from(users)
    .where(churchRow(users, ctx, ctx.userId))
    .for("share");
  return row?.role === "ADMIN" || row?.role === "SUPER_ADMIN";
}

/**
 * Whether the caller's own e-mail address is confirmed by its mailbox (a confirmation or reset link)
 * or by a provider that vouches for it. An invitation's proof does not count here: a church's admins
 * see every link (Copy Link), so an unconfirmed admin could make "confirmed" admins at will.
 */
export async function isSenderAddressConfirmed(ctx: TChurchCtx): Promise<boolean> {
  const [row] = await ctx.db
    .select({ verifiedAt: users.emailVerifiedAt, proof: users.emailProof })
    .from(users)
    .where(churchRow(users, ctx, ctx.userId));
  return Boolean(row?.verifiedAt) && (row?.proof === "mailbox" || row?.proof === "provider");
}

/** Invitations made before tokens were encrypted, still holding the plain token. */
export function findLegacyTokenInvitations(db: TDb) {
  return db
    .select({ id: invitations.id, token: invitations.legacyToken })
    .from(invitations)
    .where(isNotNull(invitations.legacyToken));
}

export async function sealLegacyToken(db: TDb, id: string, tokenSealed: string): Promise<void> {
  await db.update(invitations).set({ tokenSealed, legacyToken: null }).where(eq(invitations.id, id));
}

/**
 * Serialises invitation sends to one recipient and from one church for the rest of the
 * transaction, so that parallel requests cannot both pass a sending limit. Always in this order.
 */
export async function lockInvitationSends(db: TDb, recipient: string, churchId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invite-to:${recipient}`}, 0))`);
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invite-from:${churchId}`}, 0))`);
  await lockInstallSends(db);
}

/**
 * The install-wide cap's lock, always taken last: every invitation e-mail of every church waits for
 * it, but only for the few statements between the check and the commit.
 */
async function lockInstallSends(db: TDb): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('invite-from-install', 0))`);
}

/**
 * How many invitation e-mails went out since `since` (to one recipient, from one church, or from the
 * whole install: "all"), and when the oldest of them was sent.
 */
export async function countInvitationSends(
  db: TDb,
  by: { recipient: string } | { churchId: string } | "all",
  since: Date,
): Promise<{ n: number; oldest: Date | null }> {
  const who =
    by === "all"
      ? undefined
      : "recipient" in by
        ? eq(invitationSends.recipient, by.recipient)
        : inChurch(invitationSends, by);
  const [row] = await db
    .select({ n: count(), oldest: min(invitationSends.createdAt) })
    .from(invitationSends)
    .where(and(who, gt(invitationSends.createdAt, since)));
  return { n: row.n, oldest: row.oldest };
}

export async function recordInvitationSend(db: TDb, recipient: string, churchId: string): Promise<void> {
  // Stamped with the app's clock, the one the hourly and daily limits count by (`since` is the app's).
  await db.insert(invitationSends).values({ recipient, churchId, createdAt: new Date() });
}

/** Many invitation rows at once (an import), in chunks that keep each statement's parameters in bounds. */
export async function createInvitationRows(
  ctx: TChurchCtx,
  values: Omit<typeof invitations.$inferInsert, "churchId" | "invitedBy">[],
): Promise<TInvitationRow[]> {
  const rows: TInvitationRow[] = [];
  for (let i = 0; i < values.length; i += 500) {
    const chunk = values.slice(i, i + 500).map((v) => ({ ...v, churchId: ctx.churchId, invitedBy: ctx.userId }));
    rows.push(...(await ctx.db.insert(invitations).values(chunk).returning()));
  }
  return rows;
}

/**
 * The church's pending invitations still waiting for the admin's review (nothing e-mailed), oldest
 * first, locked until the transaction ends so that two sends cannot both e-mail one.
 */
export function findWaitingInvitations(ctx: TChurchCtx) {
  return ctx.db
    .select()
    .from(invitations)
    .where(
      inChurch(
        invitations,
        ctx,
        isNull(invitations.sentAt),
        eq(invitations.isUsed, false),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(invitations.createdAt), asc(invitations.email))
    .for("update");
}

/** Marks waiting invitations sent; returns the rows it changed (one already sent is left alone). */
export async function markInvitationsSent(ctx: TChurchCtx, ids: string[]): Promise<TInvitationRow[]> {
  const rows: TInvitationRow[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    rows.push(
      ...(await ctx.db
        .update(invitations)
        .set({ sentAt: new Date() })
        .where(inChurch(invitations, ctx, inArray(invitations.id, chunk), isNull(invitations.sentAt)))
        .returning()),
    );
  }
  return rows;
}

/** lockInvitationSends for many recipients in one statement: recipients in sorted order, then the church. */
export async function lockInvitationSendsMany(db: TDb, recipients: string[], churchId: string): Promise<void> {
  const keys = [...new Set(recipients)].sort().map((r) => `invite-to:${r}`);
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from json_array_elements_text(${JSON.stringify(keys)}::json) with ordinality as t(k, n) order by n`,
  );
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invite-from:${churchId}`}, 0))`);
  await lockInstallSends(db);
}

/** How many invitation e-mails each of `recipients` received since `since`. */
export async function countInvitationSendsByRecipient(
  db: TDb,
  recipients: string[],
  since: Date,
): Promise<Map<string, number>> {
  if (recipients.length === 0) return new Map();
  const rows = await db
    .select({ recipient: invitationSends.recipient, n: count() })
    .from(invitationSends)
    .where(and(inArray(invitationSends.recipient, recipients), gt(invitationSends.createdAt, since)))
    .groupBy(invitationSends.recipient);
  return new Map(rows.map((r) => [r.recipient, r.n]));
}

export async function recordInvitationSends(db: TDb, recipients: string[], churchId: string): Promise<void> {
  const createdAt = new Date();
  for (let i = 0; i < recipients.length; i += 1000) {
    await db
      .insert(invitationSends)
      .values(recipients.slice(i, i + 1000).map((recipient) => ({ recipient, churchId, createdAt })));
  }
}
