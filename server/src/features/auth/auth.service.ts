import type { ZLoginBody, ZRegisterBody, ZResetPasswordBody } from "@common/auth";
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { TDb } from "../../db/client";
import { passwordResets } from "../../db/schema/auth";
import { users } from "../../db/schema/users";
import type { TAppCtx } from "../../lib/context";
import { createToken, hashPassword, sha256, verifyPassword } from "../../lib/crypto";
import { markEmailProved } from "../../lib/email-proof";
import { AppError, badRequest, conflict } from "../../lib/errors";
import { emailWords, findMailRecipient, renderMail } from "../../lib/mail-layout";
import { redeemInvitation } from "../../lib/membership";
import { accountChanged, createSession, deleteUserSessions } from "../../lib/sessions";
import { sendEmailVerification, type TMailDeps } from "./email-verification.service";
import { useLink } from "./one-time-links.repo";
import { beginAttempt, failAttempt, passAttempt } from "./sign-in-limits";

const RESET_TTL_MS = 60 * 60_000;

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * Creates an account and a session. With an invitation token the account joins the invitation's
 * church, and its address counts as proved (the token was e-mailed to it); without one a
 * confirmation link is e-mailed.
 */
export async function registerUser(
  db: TDb,
  body: z.output<typeof ZRegisterBody>,
  deps: TMailDeps,
): Promise<{ userId: string; token: string }> {
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          firstName: body.firstName || null,
          lastName: body.lastName || null,
          lastLogin: new Date(),
          // Only kept if the invitation below is this address's (the transaction rolls back otherwise).
          emailVerifiedAt: body.invitationToken ? new Date() : null,
          emailProof: body.invitationToken ? "invitation" : null,
        })
        .returning({ id: users.id });
      if (!body.invitationToken) {
        await sendEmailVerification(tx, { id: user.id, email: body.email }, deps, { isWelcome: true });
      } else {
        try {
          await redeemInvitation(tx, { id: user.id, email: body.email, churchId: null }, body.invitationToken);
        } catch (err) {
          // A bad token on sign-up is a bad field of this request; nothing is stored.
          if (err instanceof AppError) throw badRequest(err.text, "invitationToken");
          throw err;
        }
      }
      return { userId: user.id, token: await createSession(tx, user.id) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("An account with this email already exists.");
    throw err;
  }
}

export async function loginUser(
  ctx: TAppCtx,
  body: z.output<typeof ZLoginBody>,
  ip: string,
): Promise<{ userId: string; token: string }> {
  const { db } = ctx;
  const attempt = await beginAttempt(db, body.email, ip);
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, body.email));
  const ok = await verifyPassword(body.password, user?.passwordHash ?? null);
  if (!user || !ok) {
    await failAttempt(db, attempt);
    throw new AppError("UNAUTHORIZED", "Invalid email or password.");
  }
  await passAttempt(db, body.email, ip, attempt);
  await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, user.id));
  const token = await createSession(db, user.id);
  await accountChanged(ctx, user.id);
  return { userId: user.id, token };
}

/** Always succeeds from the caller's side, so it does not reveal which e-mails have accounts. */
export async function requestPasswordReset(db: TDb, email: string, deps: TMailDeps): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) return;
  const token = createToken(32);
  const expiresAt = new Date(Date.now() + RESET_TTL_MS);
  await db.insert(passwordResets).values({ tokenHash: sha256(token), userId: user.id, expiresAt });
  const link = `${deps.baseUrl}/reset-password?token=${token}`;
  // In the account's language (its choice, else its church's default, else English).
  const { church, language } = await findMailRecipient(db, user.id);
  const t = emailWords(language);
  const body = renderMail({
    church,
    heading: t("reset.heading"),
    lines: [t("reset.asked"), t("reset.once")],
    action: { label: t("reset.action"), url: link },
    baseUrl: deps.baseUrl,
    language,
  });
  await deps.mailer.enqueue({ to: email, subject: t("reset.subject"), ...body }, db, { expiresAt });
}

/**
 * Sets the new password, signs out every other session, and returns a fresh session. The link came
 * by e-mail, so the address counts as proved (dropping an SSO subject linked before it was).
 */
export async function resetPassword(
  ctx: TAppCtx,
  body: z.output<typeof ZResetPasswordBody>,
): Promise<{ userId: string; token: string }> {
  const passwordHash = await hashPassword(body.password);
  const { userId, token, droppedSessions } = await ctx.db.transaction(async (tx) => {
    const userId = await useLink(tx, passwordResets, body.token);
    if (!userId) throw badRequest("This reset link is invalid or has expired. Ask for a new one.", "token");
    await markEmailProved(tx, userId, { proof: "mailbox", passwordHash });
    await tx.update(users).set({ lastLogin: new Date() }).where(eq(users.id, userId));
    // Other links sent before this reset stop working with it.
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    const droppedSessions = await deleteUserSessions(tx, userId);
    return { userId, token: await createSession(tx, userId), droppedSessions };
  });
  await accountChanged(ctx, userId, droppedSessions);
  return { userId, token };
}
