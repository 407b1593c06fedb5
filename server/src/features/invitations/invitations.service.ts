import {
  CONFIRM_TO_SEND_INVITATIONS,
  INVITATION_TTL_DAYS,
  INVITATIONS_PER_RECIPIENT_PER_DAY,
  UNCONFIRMED_ADMIN_INVITATION_EMAILS,
} from "@common/invitation-helpers";
import type { TInvitation, TInvitationSource, TPublicInvitation, ZCreateInvitationBody } from "@common/invitations";
import type { TTimePageQuery } from "@common/list-page";
import type { TRole } from "@common/roles";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { TDb } from "../../db/client";
import { churches } from "../../db/schema/churches";
import { users } from "../../db/schema/users";
import { auditChanges, recordAudit } from "../../lib/audit";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx, TUserCtx } from "../../lib/context";
import { createToken, sha256 } from "../../lib/crypto";
import { publish } from "../../lib/domain-events";
import { markEmailProved } from "../../lib/email-proof";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors";
import { msg } from "../../lib/i18n";
import type { TPage } from "../../lib/list-page";
import { type Mailer, unlinkable } from "../../lib/mail";
import { emailWords, renderMail } from "../../lib/mail-layout";
import { getUsableInvitation, lockBulkInvitations, redeemInvitation } from "../../lib/membership";
import { recipientLanguage } from "../../lib/notification-text";
import type { SecretBox } from "../../lib/secrets";
import { accountChanged, deleteUserSessions } from "../../lib/sessions";
import { openInvitationToken } from "./invitation-token-cache";
import {
  countInvitationSends,
  countInvitationSendsByRecipient,
  createInvitationRow,
  deleteInvitationRow,
  findInvitation,
  findInvitationsPage,
  findLegacyTokenInvitations,
  findPendingInvitationByEmail,
  findWaitingInvitations,
  isSenderAddressConfirmed,
  isStillAdmin,
  lockInvitationSends,
  lockInvitationSendsMany,
  markInvitationsSent,
  recordInvitationSend,
  recordInvitationSends,
  sealLegacyToken,
  type TInvitationRow,
} from "./invitations.repo";

const DAY_MS = 86_400_000;

/** What sending an invitation needs besides the caller: the app's mailer, keys and limits. */
export type TInvitationDeps = {
  mailer: Mailer;
  secrets: SecretBox;
  baseUrl: string;
  emailsPerDay: number;
  /** Invitation e-mails of every church of the install together in 24 hours. */
  emailsPerDayTotal: number;
  churchName: string;
  brandColor: string;
  /** The church's logo as stored (an `/api/...` path or a pasted link), for the e-mail's header. */
  logoUrl: string | null;
  inviterName: string;
};

export function toInvitation(row: TInvitationRow, secrets: SecretBox): TInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as TRole,
    // Null only when the token was sealed under another APP_SECRET: the link still works, it just
    // cannot be shown again.
    token: row.tokenSealed ? openInvitationToken(secrets, row.tokenSealed) : row.legacyToken,
    isUsed: row.isUsed,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    source: row.source as TInvitationSource,
    firstName: row.firstName,
    lastName: row.lastName,
  };
}

/** A page of the church's invitations, newest first, and the next page's cursor (issue 30). */
export async function listInvitationsPage(
  ctx: TChurchCtx,
  secrets: SecretBox,
  query: TTimePageQuery,
): Promise<TPage<TInvitation[]>> {
  const rows = await findInvitationsPage(ctx, query);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ row }) => toInvitation(row, secrets)),
    next: rows.length > query.limit && last ? { at: last.at, id: last.row.id } : null,
  };
}

function whenItLifts(oldest: Date | null): { text: string; seconds: number } {
  const ms = Math.max(60_000, (oldest?.getTime() ?? Date.now()) + DAY_MS - Date.now());
  // Whole minutes first, so that 23 h 59.5 min reads "24 h 0 min", never "23 h 60 min".
  const inMinutes = Math.ceil(ms / 60_000);
  const hours = Math.floor(inMinutes / 60);
  const minutes = inMinutes % 60;
  const text = hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
  return { text, seconds: Math.ceil(ms / 1000) };
}

const churchLimitText = (emailsPerDay: number, lifts: string) =>
  `Your church has sent its ${emailsPerDay} invitation emails for today. You can send more in ${lifts}.`;
const installLimitText = (total: number, lifts: string) =>
  `This server sends at most ${total} invitation emails a day across all its churches, and that many have gone out. You can send more in ${lifts}.`;

function rateLimited(message: string, seconds: number) {
  return new AppError("RATE_LIMITED", message, { headers: { "retry-after": String(seconds) } });
}

/**
 * How many more invitation e-mails the caller's church may send before the caller confirms their
 * own address: unlimited once confirmed, else what is left of UNCONFIRMED_ADMIN_INVITATION_EMAILS
 * (every e-mail the church ever sent counts). Read under the church's send lock.
 */
async function getUnconfirmedAllowance(tx: TChurchCtx): Promise<number> {
  if (await isSenderAddressConfirmed(tx)) return Number.POSITIVE_INFINITY;
  const ever = await countInvitationSends(tx.db, { churchId: tx.churchId }, new Date(0));
  return Math.max(0, UNCONFIRMED_ADMIN_INVITATION_EMAILS - ever.n);
}

/**
 * Counts this e-mail against the sending limits inside the caller's transaction. Returns false when
 * it must wait for review instead (the sender's address is not confirmed and the church has used its
 * UNCONFIRMED_ADMIN_INVITATION_EMAILS); throws 429 saying which limit and when it lifts: a recipient
 * receives at most 3 invitation e-mails a day, whatever churches send them, a church sends at most
 * `emailsPerDay`, and the whole install at most `emailsPerDayTotal`.
 */
async function claimInvitationSend(tx: TChurchCtx, recipient: string, deps: TInvitationDeps): Promise<boolean> {
  const { db, churchId } = tx;
  await lockInvitationSends(db, recipient, churchId);
  if ((await getUnconfirmedAllowance(tx)) <= 0) return false;
  const since = new Date(Date.now() - DAY_MS);
  const toRecipient = await countInvitationSends(db, { recipient }, since);
  if (toRecipient.n >= INVITATIONS_PER_RECIPIENT_PER_DAY) {
    const lifts = whenItLifts(toRecipient.oldest);
    throw rateLimited(
      `${recipient} has already received ${INVITATIONS_PER_RECIPIENT_PER_DAY} invitation emails in the last 24 hours. You can invite them again in ${lifts.text}.`,
      lifts.seconds,
    );
  }
  const fromChurch = await countInvitationSends(db, { churchId }, since);
  if (fromChurch.n >= deps.emailsPerDay) {
    const lifts = whenItLifts(fromChurch.oldest);
    throw rateLimited(churchLimitText(deps.emailsPerDay, lifts.text), lifts.seconds);
  }
  const fromInstall = await countInvitationSends(db, "all", since);
  if (fromInstall.n >= deps.emailsPerDayTotal) {
    const lifts = whenItLifts(fromInstall.oldest);
    throw rateLimited(installLimitText(deps.emailsPerDayTotal, lifts.text), lifts.seconds);
  }
  await recordInvitationSend(db, recipient, churchId);
  return true;
}

/** An existing invitation cannot be e-mailed until the sender confirms their address: 403 saying so. */
const mustConfirmToSend = () => new AppError("FORBIDDEN", CONFIRM_TO_SEND_INVITATIONS);

/** The role the request was let in with may have been taken away a moment ago: check the row. */
export async function assertStillAdmin(ctx: TChurchCtx): Promise<void> {
  if (!(await isStillAdmin(ctx))) throw forbidden("You don't have permission to access this page.");
}

/**
 * Queues the invitation e-mail, in the church's default language (the invited person has no account,
 * so no choice of their own), else English. Names are plain text: a church called "http://…" links nowhere.
 */
async function enqueueInvitationMail(db: TDb, row: TInvitationRow, token: string, deps: TInvitationDeps) {
  const churchName = unlinkable(deps.churchName);
  const link = `${deps.baseUrl}/invite/${token}`;
  const days = Math.max(1, Math.round((row.expiresAt.getTime() - Date.now()) / DAY_MS));
  const [church] = await db
    .select({ language: churches.defaultLanguage })
    .from(churches)
    .where(eq(churches.id, row.churchId));
  const language = recipientLanguage(null, church?.language);
  const t = emailWords(language);
  const body = renderMail({
    church: { name: deps.churchName, logoUrl: deps.logoUrl, brandColor: deps.brandColor },
    heading: t("invite.heading", { church: churchName }),
    lines: [
      t("invite.invited", { inviter: unlinkable(deps.inviterName), church: churchName, role: row.role }),
      t("invite.expires", { email: row.email, days }),
    ],
    action: { label: t("invite.action"), url: link },
    baseUrl: deps.baseUrl,
    language,
  });
  await deps.mailer.enqueue(
    { to: row.email, subject: t("invite.subject", { church: churchName }), ...body },
    db,
    // The link dies with the invitation: an e-mail still queued then is not sent, and is deleted.
    { expiresAt: row.expiresAt },
  );
}

export async function createInvitation(
  ctx: TChurchCtx,
  body: z.output<typeof ZCreateInvitationBody>,
  deps: TInvitationDeps,
): Promise<TInvitation> {
  const [member] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(inChurch(users, ctx, eq(users.email, body.email)));
  if (member) throw conflict(msg`${body.email} is already a member of your church.`);
  if (await findPendingInvitationByEmail(ctx, body.email)) {
    throw conflict(msg`${body.email} already has a pending invitation. Copy its link or delete it first.`);
  }
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await assertStillAdmin(tx);
    const isSending = await claimInvitationSend(tx, body.email, deps);
    const token = createToken(32);
    const row = await createInvitationRow(tx, {
      email: body.email,
      role: body.role,
      tokenHash: sha256(token),
      tokenSealed: deps.secrets.seal(token),
      expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS),
      // Held back: it waits for review, as an import's does, until the sender confirms their address.
      ...(isSending ? {} : { sentAt: null }),
    });
    await recordAudit(db, ctx, {
      action: "invitation.created",
      targetType: "invitation",
      targetId: row.id,
      changes: auditChanges(null, { email: row.email, role: row.role, sent: isSending }),
    });
    await publishSent(db, ctx, row, { again: false, waiting: !isSending });
    if (!isSending) {
      return { ...toInvitation(row, deps.secrets), notice: CONFIRM_TO_SEND_INVITATIONS };
    }
    await enqueueInvitationMail(db, row, token, deps);
    return toInvitation(row, deps.secrets);
  });
}

/** `invitation.sent` for `row`, in the transaction `db` of the change (the admins' feed names it). */
const publishSent = (
  db: TDb,
  ctx: TChurchCtx,
  row: { id: string; email: string; role: string },
  how: { again: boolean; waiting: boolean },
) =>
  publish(db, "invitation.sent", {
    churchId: ctx.churchId,
    actorId: ctx.userId,
    invitationId: row.id,
    email: row.email,
    role: row.role,
    ...how,
  });

/** Sends a pending invitation's e-mail again, with the same link; counts against the same limits. */
export async function resendInvitation(ctx: TChurchCtx, id: string, deps: TInvitationDeps): Promise<TInvitation> {
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await assertStillAdmin(tx);
    const row = await findInvitation(tx, id);
    if (!row) throw notFound("Invitation not found");
    if (row.isUsed || row.expiresAt.getTime() < Date.now())
      throw conflict("Only a pending invitation can be sent again. Invite the address anew.");
    const token = row.tokenSealed ? deps.secrets.open(row.tokenSealed) : row.legacyToken;
    if (!token) throw conflict("This invitation's link can no longer be read. Delete it and invite the address anew.");
    if (!(await claimInvitationSend(tx, row.email, deps))) throw mustConfirmToSend();
    await enqueueInvitationMail(db, row, token, deps);
    await publishSent(db, ctx, row, { again: true, waiting: false });
    await recordAudit(db, ctx, {
      action: "invitation.resent",
      targetType: "invitation",
      targetId: row.id,
      changes: { email: [row.email, row.email] },
    });
    return toInvitation(row, deps.secrets);
  });
}

/**
 * E-mails an invitation that waits for review (an import's or a sync's), through the same limits as
 * any invitation: 429 saying which limit when one is reached, and it stays waiting.
 */
export async function sendWaitingInvitation(ctx: TChurchCtx, id: string, deps: TInvitationDeps): Promise<TInvitation> {
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await assertStillAdmin(tx);
    const row = await findInvitation(tx, id);
    if (!row) throw notFound("Invitation not found");
    if (row.isUsed || row.expiresAt.getTime() < Date.now())
      throw conflict("Only a pending invitation can be sent. Invite the address anew.");
    // Marked first: the row stays locked, so a second click waits and then finds it sent.
    const [sent] = await markInvitationsSent(tx, [row.id]);
    if (!sent) throw conflict("This invitation has already been sent. Use Resend to send it again.");
    const token = row.tokenSealed ? deps.secrets.open(row.tokenSealed) : row.legacyToken;
    if (!token) throw conflict("This invitation's link can no longer be read. Delete it and invite the address anew.");
    if (!(await claimInvitationSend(tx, row.email, deps))) throw mustConfirmToSend();
    await enqueueInvitationMail(db, sent, token, deps);
    await publishSent(db, ctx, row, { again: false, waiting: false });
    return toInvitation(sent, deps.secrets);
  });
}

/**
 * E-mails `rows` (waiting invitations of the caller's church) inside the caller's transaction, oldest
 * first, as far as the limits allow: the church's budget for the day, the install's, at most
 * INVITATIONS_PER_RECIPIENT_PER_DAY to one address, and what an unconfirmed sender may still send.
 * The rest stay waiting, to be sent later; `notice` says in words which limit held them.
 */
export async function sendInvitationRows(
  tx: TChurchCtx,
  rows: TInvitationRow[],
  deps: TInvitationDeps,
): Promise<{ sent: number; waiting: number; notice?: string }> {
  if (rows.length === 0) return { sent: 0, waiting: 0 };
  const since = new Date(Date.now() - DAY_MS);
  const budgets = async () => {
    const church = await countInvitationSends(tx.db, { churchId: tx.churchId }, since);
    const install = await countInvitationSends(tx.db, "all", since);
    return {
      church: {
        left: deps.emailsPerDay - church.n,
        text: churchLimitText(deps.emailsPerDay, whenItLifts(church.oldest).text),
      },
      install: {
        left: deps.emailsPerDayTotal - install.n,
        text: installLimitText(deps.emailsPerDayTotal, whenItLifts(install.oldest).text),
      },
      unconfirmed: { left: await getUnconfirmedAllowance(tx), text: CONFIRM_TO_SEND_INVITATIONS },
    };
  };
  const smallest = (b: Awaited<ReturnType<typeof budgets>>) =>
    [b.unconfirmed, b.church, b.install].reduce((a, c) => (c.left < a.left ? c : a));
  // Only as many as the budgets can take are locked (each lock is an entry in a shared table).
  const candidates = rows.slice(0, Math.max(0, smallest(await budgets()).left));
  let limit = smallest(await budgets());
  if (candidates.length > 0) {
    await lockInvitationSendsMany(
      tx.db,
      candidates.map((r) => r.email),
      tx.churchId,
    );
    limit = smallest(await budgets());
  }
  let budget = limit.left;
  const perRecipient = await countInvitationSendsByRecipient(
    tx.db,
    candidates.map((r) => r.email),
    since,
  );
  const chosen: { row: TInvitationRow; token: string }[] = [];
  for (const row of candidates) {
    if (budget <= 0) break;
    const n = perRecipient.get(row.email) ?? 0;
    const token = row.tokenSealed ? deps.secrets.open(row.tokenSealed) : row.legacyToken;
    if (n >= INVITATIONS_PER_RECIPIENT_PER_DAY || !token) continue;
    perRecipient.set(row.email, n + 1);
    budget -= 1;
    chosen.push({ row, token });
  }
  const marked = new Set(
    (
      await markInvitationsSent(
        tx,
        chosen.map((c) => c.row.id),
      )
    ).map((r) => r.id),
  );
  const sending = chosen.filter((c) => marked.has(c.row.id));
  await recordInvitationSends(
    tx.db,
    sending.map((c) => c.row.email),
    tx.churchId,
  );
  for (const { row, token } of sending) await enqueueInvitationMail(tx.db, row, token, deps);
  const waiting = rows.length - sending.length;
  // A limit held some back when it ran out; otherwise only recipients' own limits (or unreadable links) did.
  const notice = waiting > 0 && budget <= 0 ? `${limit.text} The rest wait for review.` : undefined;
  return notice ? { sent: sending.length, waiting, notice } : { sent: sending.length, waiting };
}

/** "Send all waiting": e-mails the church's waiting invitations as far as the daily limits allow. */
export async function sendAllWaitingInvitations(
  ctx: TChurchCtx,
  deps: TInvitationDeps,
): Promise<{ sent: number; waiting: number }> {
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await lockBulkInvitations(db, ctx.churchId);
    await assertStillAdmin(tx);
    const result = await sendInvitationRows(tx, await findWaitingInvitations(tx), deps);
    if (result.sent > 0)
      await publish(db, "invitation.waiting_sent", { churchId: ctx.churchId, actorId: ctx.userId, count: result.sent });
    return result;
  });
}

export async function deleteInvitation(ctx: TChurchCtx, id: string): Promise<void> {
  await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const row = await findInvitation(tx, id);
    if (!row || !(await deleteInvitationRow(tx, id))) throw notFound("Invitation not found");
    await recordAudit(db, ctx, {
      action: "invitation.revoked",
      targetType: "invitation",
      targetId: id,
      changes: auditChanges({ email: row.email, role: row.role, isUsed: row.isUsed }, null),
    });
  });
}

/** At start: invitations made before tokens were encrypted get their token sealed and the plain copy cleared. */
export async function sealLegacyInvitationTokens(db: TDb, secrets: SecretBox): Promise<number> {
  const rows = await findLegacyTokenInvitations(db);
  for (const row of rows) if (row.token) await sealLegacyToken(db, row.id, secrets.seal(row.token));
  return rows.length;
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
 * A signed-in user accepts an invitation. The token came by e-mail to the invited address, which
 * must be the account's: that proves the address, so an unconfirmed account is confirmed here and
 * its other sessions end (as a confirmation link would), keeping this one.
 */
export async function acceptInvitation(
  ctx: TUserCtx,
  token: string,
  sessionId: string | null,
): Promise<{ churchId: string }> {
  const { churchId, droppedSessions } = await ctx.db.transaction(async (tx) => {
    const { churchId } = await redeemInvitation(
      tx,
      { id: ctx.userId, email: ctx.email, churchId: ctx.churchId },
      token,
      { ip: ctx.ip },
    );
    const { wasUnverified } = await markEmailProved(tx, ctx.userId, { proof: "invitation" });
    const droppedSessions = wasUnverified ? await deleteUserSessions(tx, ctx.userId, sessionId ?? undefined) : [];
    return { churchId, droppedSessions };
  });
  await accountChanged(ctx, ctx.userId, droppedSessions);
  return { churchId };
}
