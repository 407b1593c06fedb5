import type { TAccountInfo, ZChangePasswordBody } from "@common/profile";
import { and, count, eq, gt, ne } from "drizzle-orm";
import type { z } from "zod";
import { sessions } from "../../db/schema/auth";
import { users } from "../../db/schema/users";
import type { TUserCtx } from "../../lib/context";
import { hashPassword, verifyPassword } from "../../lib/crypto";
import { badRequest, notFound } from "../../lib/errors";
import { accountChanged, deleteUserSessions } from "../../lib/sessions";

const NO_PASSWORD = "Your account signs in through your church's single sign-on, so it has no password to change here.";

/** `GET /api/user/account`: whether the account has a password, and how many other sessions it has. */
export async function getAccountInfo(ctx: TUserCtx, sessionId: string | null): Promise<TAccountInfo> {
  const [[user], [others]] = await Promise.all([
    ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, ctx.userId)),
    ctx.db
      .select({ n: count() })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, ctx.userId),
          gt(sessions.expiresAt, new Date()),
          sessionId ? ne(sessions.id, sessionId) : undefined,
        ),
      ),
  ]);
  if (!user) throw notFound("Account not found");
  return { hasPassword: user.passwordHash !== null, otherSessions: others.n };
}

/**
 * `POST /api/user/password`: the current password proves it is the owner; the new one is hashed as
 * at sign-up. Every other session ends (a thief signed in elsewhere is signed out); this one stays.
 */
export async function changePassword(
  ctx: TUserCtx,
  sessionId: string,
  body: z.output<typeof ZChangePasswordBody>,
): Promise<void> {
  const [user] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, ctx.userId));
  if (!user) throw notFound("Account not found");
  if (user.passwordHash === null) throw badRequest(NO_PASSWORD, "currentPassword");
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw badRequest("Your current password is incorrect.", "currentPassword");
  }
  const passwordHash = await hashPassword(body.newPassword);
  const ended = await ctx.db.transaction(async (tx) => {
    // Only if the password is still the one just checked: two changes at once cannot both win.
    const updated = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, ctx.userId), eq(users.passwordHash, user.passwordHash as string)))
      .returning({ id: users.id });
    if (updated.length === 0) throw badRequest("Your current password is incorrect.", "currentPassword");
    return deleteUserSessions(tx, ctx.userId, sessionId);
  });
  await accountChanged(ctx, ctx.userId, ended);
}

/** `POST /api/user/sessions/revoke-all`: signs the account out of every browser, this one included. */
export async function signOutEverywhere(ctx: TUserCtx): Promise<void> {
  const ended = await deleteUserSessions(ctx.db, ctx.userId);
  await accountChanged(ctx, ctx.userId, ended);
}
