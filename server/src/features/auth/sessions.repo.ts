import { and, eq, ne } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { sessions } from "../../db/schema";
import { createToken, sha256 } from "../../lib/crypto";
import { SESSION_DAYS } from "../../plugins/auth";

/** Creates a session and returns the cookie token (only its hash is stored). */
export async function createSession(db: TDb, userId: string): Promise<string> {
  const token = createToken(32);
  await db
    .insert(sessions)
    .values({ id: sha256(token), userId, expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000) });
  return token;
}

export async function deleteSession(db: TDb, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user (but `exceptId`, when given); returns the ended ids for the user cache. */
export async function deleteUserSessions(db: TDb, userId: string, exceptId?: string): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), exceptId ? ne(sessions.id, exceptId) : undefined))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
