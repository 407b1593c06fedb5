import { and, eq, inArray } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { sessions } from "../../db/schema/auth";
import { churches } from "../../db/schema/churches";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";

/** The member as the erasure's checks need them, in the caller's church only. */
export async function findErasable(ctx: { db: TDb; churchId: string }, id: string) {
  const [row] = await ctx.db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash, oidcSubject: users.oidcSubject })
    .from(users)
    .where(churchRow(users, ctx, id));
  return row;
}

/** The church's admins, locked until the transaction ends (two admins leaving at once cannot both be the last). */
export async function lockChurchAdmins(ctx: { db: TDb; churchId: string }): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(inChurch(users, ctx, inArray(users.role, ["ADMIN", "SUPER_ADMIN"])))
    .for("update");
  return rows.map((r) => r.id);
}

export async function findChurchName(db: TDb, churchId: string): Promise<string> {
  const [row] = await db.select({ name: churches.name }).from(churches).where(eq(churches.id, churchId));
  return row?.name ?? "";
}

/** When this browser's session began (a sign-in), or null. */
export async function findSessionStart(db: TDb, userId: string, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  return row?.createdAt ?? null;
}
