import { eq, sql } from "drizzle-orm";
import { pointsLedger, users } from "../db/schema";
import type { TChurchCtx } from "./context";

/** Kinds of award; each pays at most once per (member, kind, key). */
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
