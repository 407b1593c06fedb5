import type { TUserStats } from "@common/user";
import { count, eq, isNotNull } from "drizzle-orm";
import { eventAttendance, events } from "../../db/schema/events";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { countAwards, getPointsTotal } from "../../lib/points";

/**
 * The member's figures in their church, from the points ledger and attendance (spec 1 and 2
 * "User stats"). A member who moved from another church starts here from zero.
 */
export async function getUserStats(ctx: TChurchCtx): Promise<TUserStats> {
  const [points, sermonsWatched, [attended]] = await Promise.all([
    getPointsTotal(ctx),
    countAwards(ctx, "sermon_watch"),
    ctx.db
      .select({ n: count() })
      .from(eventAttendance)
      .innerJoin(events, eq(events.id, eventAttendance.eventId))
      .where(inChurch(events, ctx, eq(eventAttendance.userId, ctx.userId), isNotNull(eventAttendance.checkedInAt))),
  ]);
  // Streaks arrive with the reading plan (the points module's getAwardDays is their input).
  return { points, sermonsWatched, eventsAttended: attended.n, streaks: {} };
}
