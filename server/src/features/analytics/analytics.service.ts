import { ACTIVE_WINDOW_DAYS, GROWTH_SERIES_WEEKS, RECENT_WINDOW_DAYS, type TGrowthAnalytics } from "@common/analytics";
import { zonedTimeToUtc } from "@common/time";
import type { TChurchCtx } from "../../lib/context";
import { dayKey, weekKey } from "../../lib/points";
import { startOfDay, startOfWeek } from "../../lib/time";
import {
  encodeBefore,
  findReadingRuns,
  findThisWeek,
  findWeekBeforeToday,
  findWeeks,
  type TBeforeParams,
  type TMemberBefore,
  type TWeekRow,
} from "./analytics.repo";

/**
 * Growth analytics for a church's admins (spec 2 Growth settings, `GET /api/analytics/growth`).
 * Days and weeks are the church's (time zone; weeks Sunday to Saturday), decided by the app's clock.
 *
 * - Members: users whose church is this one, every role.
 * - Active members: seen in the app (users.last_active_at) in the last 30 days, or paid points this
 *   week; recently active: seen in the last 7 days, or paid this week. (Every award is made by a
 *   signed-in request, which also marks the member seen.)
 * - actionStepCompletionRate: rounded percent of active members who completed this week's step
 *   (a points-ledger row of kind action_step keyed by the step's id); 0 when no step is set or
 *   nobody is active.
 * - averageReadingStreak: the mean over all members of their current reading streak (consecutive
 *   plan days with at least one reading, ending today or yesterday: today not read yet does not
 *   break it), one decimal. Streaks are followed back up to 400 days.
 * - activeParticipants: members with any points this week.
 * - weeks: the 12 weeks ending with this one: distinct members paid, readings, action steps and
 *   points, by when the points were earned. Members who later left still count in the weeks they
 *   took part: a church's history does not change when someone leaves.
 *
 * What happened before today (the 11 weeks before this one, reading runs up to yesterday, and each
 * member's part of this week before today) is kept per church and day for HISTORY_TTL_MS in each
 * process: it is most of the work, and the app writes every award at the time it is paid, so rows
 * earned before today do not change (a reading caught up today for a past day is today's row; its
 * effect on the runs up to yesterday waits for the next refresh). Today's rows and the church's
 * members are read on every request: a reading or step paid today counts at once, and a member who
 * left no longer counts.
 */

/** How far back a reading streak is followed: a year's plan and then some. */
export const STREAK_WINDOW_DAYS = 400;
/** Streaks are first followed over this many days; only longer ones are followed further. */
const RECENT_STREAK_DAYS = 35;
const HISTORY_TTL_MS = 10 * 60_000;
const HISTORY_MAX_CHURCHES = 500;
const DAY_MS = 86_400_000;

type THistory = { at: number; closedWeeks: TWeekRow[]; before: TBeforeParams };
const histories = new Map<string, THistory>();

/** `YYYY-MM-DD` moved by whole calendar days. */
function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function localMidnight(date: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  return zonedTimeToUtc(y, m, d, timeZone);
}

async function getHistory(
  ctx: TChurchCtx,
  d: { today: string; weekOf: string; weekStart: Date; todayStart: Date },
): Promise<THistory> {
  const key = `${ctx.churchId}|${ctx.timeZone}|${d.today}`;
  const kept = histories.get(key);
  const now = Date.now();
  if (kept && now - kept.at >= 0 && now - kept.at < HISTORY_TTL_MS) return kept;
  // The weeks before this one, oldest first, and the instants they start (then this week's start).
  const closed = Array.from({ length: GROWTH_SERIES_WEEKS - 1 }, (_, i) =>
    shiftDate(d.weekOf, -7 * (GROWTH_SERIES_WEEKS - 1 - i)),
  );
  const starts = [...closed.map((w) => localMidnight(w, ctx.timeZone)), d.weekStart];
  const [closedWeeks, runs, before] = await Promise.all([
    findWeeks(ctx, closed, starts),
    findReadingRuns(ctx, {
      today: d.today,
      yesterday: shiftDate(d.today, -1),
      recent: shiftDate(d.today, -RECENT_STREAK_DAYS),
      since: shiftDate(d.today, -STREAK_WINDOW_DAYS),
    }),
    findWeekBeforeToday(ctx, d),
  ]);
  const members = new Map<string, TMemberBefore>(before.map((m) => [m.userId, m]));
  for (const { userId, length } of runs) {
    const m = members.get(userId);
    if (m) m.run = length;
    else
      members.set(userId, {
        userId,
        paid: false,
        readings: 0,
        actionSteps: 0,
        points: 0,
        stepKeys: null,
        readToday: false,
        run: length,
      });
  }
  const history = { at: now, closedWeeks, before: encodeBefore([...members.values()]) };
  histories.delete(key);
  histories.set(key, history);
  // A Map iterates in insertion order: the first keys are the oldest.
  for (const old of histories.keys()) {
    if (histories.size <= HISTORY_MAX_CHURCHES) break;
    histories.delete(old);
  }
  return history;
}

export async function getGrowthAnalytics(ctx: TChurchCtx, now = new Date()): Promise<TGrowthAnalytics> {
  const today = dayKey(ctx, now);
  const weekOf = weekKey(ctx, now);
  const weekStart = startOfWeek(now, ctx.timeZone);
  const todayStart = startOfDay(now, ctx.timeZone);
  const history = await getHistory(ctx, { today, weekOf, weekStart, todayStart });
  const { week, counts } = await findThisWeek(ctx, {
    weekOf,
    today,
    todayStart,
    now,
    activeSince: new Date(now.getTime() - ACTIVE_WINDOW_DAYS * DAY_MS),
    recentSince: new Date(now.getTime() - RECENT_WINDOW_DAYS * DAY_MS),
    before: history.before,
  });
  const rate =
    counts.hasActionStep && counts.activeMembers > 0
      ? Math.round((100 * counts.actionStepCompletions) / counts.activeMembers)
      : 0;
  const average = counts.totalMembers > 0 ? Math.round((10 * counts.streakDays) / counts.totalMembers) / 10 : 0;
  return {
    actionStepCompletionRate: rate,
    averageReadingStreak: average,
    activeParticipants: counts.activeParticipants,
    totalMembers: counts.totalMembers,
    activeMembers: counts.activeMembers,
    recentlyActive: counts.recentlyActive,
    hasActionStep: counts.hasActionStep,
    actionStepCompletions: counts.actionStepCompletions,
    weeks: [...history.closedWeeks, week],
  };
}
