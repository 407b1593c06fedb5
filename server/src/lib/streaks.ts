import { addDays } from "@common/dates";

/**
 * Streaks (DESIGN.md "Points"; issue 8): runs of consecutive days or weeks with an action, in the
 * church's calendar. The run ends today (or this week), or yesterday (last week) when today is not
 * done yet: a streak stands until its day ends.
 */

/** Consecutive days (`YYYY-MM-DD`) ending `today` or the day before, found in `days` (any order). */
export function dayStreak(days: Iterable<string>, today: string): number {
  return runEndingAt(new Set(days), today, 1);
}

/** Consecutive weeks, by their Sunday (`YYYY-MM-DD`), ending `thisWeek` or the week before. */
export function weekStreak(weeks: Iterable<string>, thisWeek: string): number {
  return runEndingAt(new Set(weeks), thisWeek, 7);
}

function runEndingAt(done: Set<string>, current: string, step: number): number {
  let at = done.has(current) ? current : addDays(current, -step);
  let n = 0;
  while (done.has(at)) {
    n++;
    at = addDays(at, -step);
  }
  return n;
}
