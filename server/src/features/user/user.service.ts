import type { TUserStats } from "@common/user";
import { and, count, eq, isNotNull } from "drizzle-orm";
import { eventAttendance, events, users } from "../../db/schema";
import type { TChurchCtx } from "../../lib/context";
import { countAwards } from "../../lib/points";

/**
 * The member's figures in their church, from the points ledger and attendance (spec 1 and 2
 * "User stats"). A member who moved from another church starts here from zero.
 */
export async function getUserStats(ctx: TChurchCtx): Promise<TUserStats> {
  const [[u], sermonsWatched, [attended]] = await Promise.all([
    ctx.db.select({ points: users.points }).from(users).where(eq(users.id, ctx.userId)),
    countAwards(ctx, "sermon_watch"),
    ctx.db
      .select({ n: count() })
      .from(eventAttendance)
      .innerJoin(events, eq(events.id, eventAttendance.eventId))
      .where(
        and(
          eq(eventAttendance.userId, ctx.userId),
          eq(events.churchId, ctx.churchId),
          isNotNull(eventAttendance.checkedInAt),
        ),
      ),
  ]);
  // Streaks arrive with the reading plan; until then no streak is running.
  return { points: u.points, sermonsWatched, eventsAttended: attended.n, streaks: {} };
}
