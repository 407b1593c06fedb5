import { getZonedParts, zonedTimeToUtc } from "@common/time";

/**
 * Issue 29: when a church's weekly digest is due. The church chooses a weekday (0 Sunday … 6
 * Saturday) and a time ("HH:MM") in its time zone; the moment is worked out on the church's
 * calendar, so it stays at 17:00 local across daylight-saving changes.
 */

const DAY_MS = 86_400_000;

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** The local calendar date `days` after (or before) the date of `at` in `timeZone`, as UTC midnight. */
function localDatePlus(at: Date, timeZone: string, days: number): Date {
  const p = getZonedParts(at, timeZone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day + days));
}

/** The instant of "HH:MM" on the local calendar date `date` (a UTC-midnight Date) in `timeZone`. */
function atLocalTime(date: Date, timeZone: string, time: string): Date {
  const [hh, mm] = time.split(":").map(Number);
  return zonedTimeToUtc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), timeZone, hh, mm);
}

export type TDigestMoment = {
  /** The instant the digest was due. */
  at: Date;
  /** The Sunday (`YYYY-MM-DD`, church calendar) of the week the moment falls in: the run's key. */
  weekOf: string;
};

/**
 * The latest digest moment at or before `now`: this week's when its day and time have passed, else
 * last week's. Only the latest counts: after a long outage one digest goes, never two.
 */
export function latestDigestMoment(now: Date, timeZone: string, day: number, time: string): TDigestMoment {
  for (let back = 0; back <= 7; back++) {
    const date = localDatePlus(now, timeZone, -back);
    if (date.getUTCDay() !== day) continue;
    const at = atLocalTime(date, timeZone, time);
    if (at.getTime() <= now.getTime()) return { at, weekOf: ymd(new Date(date.getTime() - day * DAY_MS)) };
  }
  // Unreachable: within eight days back the weekday comes round once with its time passed.
  throw new Error("no digest moment in the last eight days");
}

/**
 * The first instant at or after `from` that is weekday `day` at `time` in `timeZone` (a group's
 * regular meeting, as the digest lists its next one).
 */
export function nextWeekdayAt(from: Date, timeZone: string, day: number, time: string): Date {
  for (let ahead = 0; ahead <= 7; ahead++) {
    const date = localDatePlus(from, timeZone, ahead);
    if (date.getUTCDay() !== day) continue;
    const at = atLocalTime(date, timeZone, time);
    if (at.getTime() >= from.getTime()) return at;
  }
  throw new Error("no weekday in the next eight days");
}
