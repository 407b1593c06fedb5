import type { TUserStats } from "@common/user";
import { and, count, eq, isNotNull } from "drizzle-orm";
import { eventAttendance, pointsLedger, users } from "../../db/schema";
import type { TChurchCtx } from "../../lib/context";

/** The member's figures, counted from the points ledger and attendance (spec 1 and 2 "User stats"). */
export async function getUserStats(ctx: TChurchCtx): Promise<TUserStats> {
  const [[u], [watched], [attended]] = await Promise.all([
    ctx.db.select({ points: users.points }).from(users).where(eq(users.id, ctx.userId)),
    ctx.db
      .select({ n: count() })
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, ctx.userId), eq(pointsLedger.kind, "sermon_watch"))),
    ctx.db
      .select({ n: count() })
      .from(eventAttendance)
      .where(and(eq(eventAttendance.userId, ctx.userId), isNotNull(eventAttendance.checkedInAt))),
  ]);
  // Streaks arrive with the reading plan; until then no streak is running.
  return { points: u.points, sermonsWatched: watched.n, eventsAttended: attended.n, streaks: {} };
}
