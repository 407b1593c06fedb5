import { ACTIVE_WINDOW_DAYS, GROWTH_SERIES_WEEKS, RECENT_WINDOW_DAYS, type TGrowthAnalytics } from "@common/analytics";
import { zonedTimeToUtc } from "@common/time";
import type { TChurchCtx } from "../../lib/context";
import { dayKey, weekKey } from "../../lib/points";
import { findActivity, sumReadingStreaks, type TWindow } from "./analytics.repo";

/**
 * Growth analytics for a church's admins (spec 2 Growth settings, `GET /api/analytics/growth`).
 * Days and weeks are the church's (time zone; weeks Sunday to Saturday), decided by the app's clock.
 *
 * - Members: users whose church is this one, every role.
 * - Active members: seen in the app (users.last_active_at) or paid any points in the last 30 days;
 *   recently active: the same within the last 7 days.
 * - actionStepCompletionRate: rounded percent of active members who completed this week's step
 *   (a points-ledger row of kind action_step keyed by the step's id); 0 when no step is set or
 *   nobody is active.
 * - averageReadingStreak: the mean over all members of their current reading streak (consecutive
 *   plan days with at least one reading, ending today or yesterday: today not read yet does not
 *   break it), one decimal. Streaks are counted within the last 400 days.
 * - activeParticipants: members with any points this week.
 * - weeks: the 12 weeks ending with this one: distinct members paid (members who later left still
 *   count in the weeks they took part: a church's history does not change), readings, action steps
 *   and points, by when the points were earned.
 */

/** How far back a reading streak is followed: a year's plan and then some. */
export const STREAK_WINDOW_DAYS = 400;
/** Streaks are first followed over this many days; only longer ones are followed further. */
const RECENT_STREAK_DAYS = 35;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` moved by whole calendar days. */
function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function windowOf(ctx: TChurchCtx, now: Date): TWindow {
  const weekOf = weekKey(ctx, now);
  const firstWeekOf = shiftDate(weekOf, -7 * (GROWTH_SERIES_WEEKS - 1));
  const [y, m, d] = firstWeekOf.split("-").map(Number);
  return {
    now,
    weekOf,
    firstWeekOf,
    seriesStart: zonedTimeToUtc(y, m, d, ctx.timeZone),
    activeSince: new Date(now.getTime() - ACTIVE_WINDOW_DAYS * DAY_MS),
    recentSince: new Date(now.getTime() - RECENT_WINDOW_DAYS * DAY_MS),
  };
}

export async function getGrowthAnalytics(ctx: TChurchCtx, now = new Date()): Promise<TGrowthAnalytics> {
  const today = dayKey(ctx, now);
  const w = windowOf(ctx, now);
  const [{ weeks, counts }, streakDays] = await Promise.all([
    findActivity(ctx, w),
    sumReadingStreaks(ctx, {
      today,
      recent: shiftDate(today, -RECENT_STREAK_DAYS),
      since: shiftDate(today, -STREAK_WINDOW_DAYS),
    }),
  ]);
  const rate =
    counts.hasActionStep && counts.activeMembers > 0
      ? Math.round((100 * counts.actionStepCompletions) / counts.activeMembers)
      : 0;
  const average = counts.totalMembers > 0 ? Math.round((10 * streakDays) / counts.totalMembers) / 10 : 0;
  return {
    actionStepCompletionRate: rate,
    averageReadingStreak: average,
    activeParticipants: counts.activeParticipants,
    totalMembers: counts.totalMembers,
    activeMembers: counts.activeMembers,
    recentlyActive: counts.recentlyActive,
    hasActionStep: counts.hasActionStep,
    actionStepCompletions: counts.actionStepCompletions,
    weeks,
  };
}
