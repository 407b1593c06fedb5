import { and, count, eq, sql } from "drizzle-orm";
import type { TDb } from "../db/client";
import { pointsLedger, users } from "../db/schema";
import type { TChurchCtx } from "./context";

/** Kinds of award; each pays at most once per (church, member, kind, key). */
export type TAwardKind = "sermon_watch" | "bible_reading" | "action_step" | "partner_prayer" | "onboarding_step";

/**
 * Pays `points` to the signed-in member for (kind, key) unless already paid. The ledger's unique
 * key decides under any race; the user's running total moves in the same transaction.
 * The figure always comes from the server's constants, never from the request.
 */
export async function awardPoints(
  ctx: TChurchCtx,
  kind: TAwardKind,
  key: string,
  points: number,
): Promise<{ awarded: number; total: number }> {
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(pointsLedger)
      .values({ churchId: ctx.churchId, userId: ctx.userId, kind, key, points })
      .onConflictDoNothing()
      .returning({ id: pointsLedger.id });
    if (inserted.length === 0) {
      const [u] = await tx.select({ points: users.points }).from(users).where(eq(users.id, ctx.userId));
      return { awarded: 0, total: u.points };
    }
    const [u] = await tx
      .update(users)
      .set({ points: sql`${users.points} + ${points}` })
      .where(eq(users.id, ctx.userId))
      .returning({ points: users.points });
    return { awarded: points, total: u.points };
  });
}

/**
 * Sets the member's running total to what they earned in `churchId` (0 without a church). Called
 * when a member joins or leaves a church: points are per church, and the ledger keeps the history.
 */
export async function resetPointsTotal(db: TDb, userId: string, churchId: string | null): Promise<void> {
  const earned = churchId
    ? sql`coalesce((select sum(${pointsLedger.points}) from ${pointsLedger} where ${pointsLedger.userId} = ${userId} and ${pointsLedger.churchId} = ${churchId}), 0)`
    : sql`0`;
  await db.update(users).set({ points: earned }).where(eq(users.id, userId));
}

/** How many awards of `kind` the signed-in member has in their church (e.g. sermons watched). */
export async function countAwards(ctx: TChurchCtx, kind: TAwardKind): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(pointsLedger)
    .where(
      and(eq(pointsLedger.churchId, ctx.churchId), eq(pointsLedger.userId, ctx.userId), eq(pointsLedger.kind, kind)),
    );
  return row.n;
}
