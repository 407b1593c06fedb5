import { and, eq, ne } from "drizzle-orm";
import type { TDb } from "../db/client";
import { sessions } from "../db/schema/auth";
import { SESSION_DAYS } from "../plugins/auth";
import type { TAppCtx } from "./context";
import { createToken, sha256 } from "./crypto";

/*
 * Sessions, shared by every feature that changes an account inside its own transaction (auth,
 * invitations, the profile's password change): ending sessions stays atomic with the change.
 */
/** Creates a session and returns the cookie token (only its hash is stored). */
export async function createSession(db: TDb, userId: string): Promise<string> {
  const token = createToken(32);
  // Both times from the app's clock, the one they are judged by (the expiry, and a fresh sign-in before
  // an account without a password is deleted): created_at's default is the database's now().
  const now = new Date();
  await db.insert(sessions).values({
    id: sha256(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
  });
  return token;
}

export async function deleteSession(db: TDb, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Signs out one browser: its session ends here and in every process's cache. */
export async function endSession(ctx: TAppCtx, sessionId: string): Promise<void> {
  await deleteSession(ctx.db, sessionId);
  await ctx.changed("session", sessionId);
}

/**
 * After a transaction that changed an account (and maybe ended some of its sessions) commits:
 * every process forgets its copies, so an ended session stops working everywhere at once.
 */
export async function accountChanged(ctx: TAppCtx, userId: string, endedSessions: string[] = []): Promise<void> {
  for (const id of endedSessions) await ctx.changed("session", id);
  await ctx.changed("user", userId);
}

/** Ends every session of the user (but `exceptId`, when given); returns the ended ids for the user cache. */
export async function deleteUserSessions(db: TDb, userId: string, exceptId?: string): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), exceptId ? ne(sessions.id, exceptId) : undefined))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
