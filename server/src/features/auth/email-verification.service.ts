import type { ZVerifyEmailBody } from "@common/auth";
import { EMAIL_VERIFICATION_TTL_HOURS } from "@common/auth-helpers";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { TDb } from "../../db/client";
import { emailVerifications } from "../../db/schema/auth";
import { users } from "../../db/schema/users";
import type { TAppCtx, TUserCtx } from "../../lib/context";
import { createToken, hashPassword, sha256 } from "../../lib/crypto";
import { markEmailProved } from "../../lib/email-proof";
import { badRequest, conflict, notFound } from "../../lib/errors";
import type { Mailer } from "../../lib/mail";
import { emailWords, findMailRecipient, renderMail } from "../../lib/mail-layout";
import { accountChanged, createSession, deleteSession, deleteUserSessions } from "../../lib/sessions";
import { findLinkOwner, useLink } from "./one-time-links.repo";

export type TMailDeps = { mailer: Mailer; baseUrl: string };

export const INVALID_VERIFICATION_LINK =
  "This confirmation link is invalid, has expired or has already been used. Sign in and ask for a new one.";
export const PASSWORD_NEEDED_TO_VERIFY =
  "Choose a new password for this account to confirm its email address, or open the link where you are signed in to it.";

/** Creates a confirmation link for the account's address and queues its e-mail (in the caller's transaction). */
export async function sendEmailVerification(
  db: TDb,
  user: { id: string; email: string },
  deps: TMailDeps,
  { isWelcome = false } = {},
): Promise<void> {
  const token = createToken(32);
  const expiresAt = new Date(Date.now() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000);
  await db.insert(emailVerifications).values({ tokenHash: sha256(token), userId: user.id, expiresAt });
  const link = `${deps.baseUrl}/verify-email?token=${token}`;
  // In the account's language (its choice, else its church's default, else English).
  const { church, language } = await findMailRecipient(db, user.id);
  const t = emailWords(language);
  const body = renderMail({
    church,
    heading: t("verify.heading"),
    lines: [
      isWelcome ? t("verify.welcome") : t("verify.confirm"),
      t("verify.once", { hours: EMAIL_VERIFICATION_TTL_HOURS }),
    ],
    action: { label: t("verify.action"), url: link },
    baseUrl: deps.baseUrl,
    language,
  });
  await deps.mailer.enqueue({ to: user.email, subject: t("verify.subject"), ...body }, db, {
    expiresAt,
  });
}

/**
 * A new confirmation link for the signed-in user; 409 when the address is already confirmed by its
 * mailbox or a provider. An address proved only by an invitation may ask for one: an admin needs
 * the stronger proof to send more than a few invitations (issue 23).
 */
export async function resendEmailVerification(ctx: TUserCtx, deps: TMailDeps): Promise<void> {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt, emailProof: users.emailProof })
    .from(users)
    .where(eq(users.id, ctx.userId));
  if (!user) throw notFound("Account not found");
  if (user.emailVerifiedAt && user.emailProof !== "invitation")
    throw conflict("Your email address is already confirmed.");
  await sendEmailVerification(ctx.db, user, deps);
}

export type TVerifyResult = {
  userId: string;
  /** A new session for this browser, when it was not signed in to the link's account. */
  token: string | null;
};

/**
 * Uses a confirmation link. In a browser signed in to the link's account the account keeps its
 * password and this session, and every other session ends. Anywhere else the link's holder
 * proves the address but not the password, so a new password is required: it replaces the old
 * one, every session ends (this browser's too, if it was signed in to another account) and this
 * browser is signed in.
 */
export async function verifyEmail(
  ctx: TAppCtx,
  body: z.output<typeof ZVerifyEmailBody>,
  current: { userId: string; sessionId: string } | null,
): Promise<TVerifyResult> {
  const { db } = ctx;
  // The token is checked before any password is hashed: a stranger's guesses cost no scrypt.
  const ownerId = await findLinkOwner(db, emailVerifications, body.token);
  if (!ownerId) throw badRequest(INVALID_VERIFICATION_LINK, "token");
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  const result = await db.transaction(async (tx) => {
    // The account first, then its links, in the same order as markEmailProved: two links of one
    // account used at once wait for each other instead of deadlocking.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for("update");
    const userId = await useLink(tx, emailVerifications, body.token);
    if (!userId) throw badRequest(INVALID_VERIFICATION_LINK, "token");
    if (current?.userId === userId) {
      await markEmailProved(tx, userId, { proof: "mailbox" });
      const droppedSessions = await deleteUserSessions(tx, userId, current.sessionId);
      return { userId, token: null, droppedSessions };
    }
    // Throwing rolls the transaction back: the link stays usable.
    if (!passwordHash) throw badRequest(PASSWORD_NEEDED_TO_VERIFY, "password");
    await markEmailProved(tx, userId, { proof: "mailbox", passwordHash });
    const droppedSessions = await deleteUserSessions(tx, userId);
    if (current) {
      await deleteSession(tx, current.sessionId);
      droppedSessions.push(current.sessionId);
    }
    return { userId, token: await createSession(tx, userId), droppedSessions };
  });
  await accountChanged(ctx, result.userId, result.droppedSessions);
  return { userId: result.userId, token: result.token };
}
