import { getZonedParts, zonedTimeToUtc } from "@common/time";

/** Calendar helpers in a church's time zone (DESIGN.md "Time": weeks run Sunday to Saturday). */

export function getServerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** Start of the day, week (Sunday) and month containing `date`, in `timeZone`. */
export function startOfDay(date: Date, timeZone: string): Date {
  const p = getZonedParts(date, timeZone);
  return zonedTimeToUtc(p.year, p.month, p.day, timeZone);
}

export function startOfWeek(date: Date, timeZone: string): Date {
  const p = getZonedParts(date, timeZone);
  const sunday = new Date(Date.UTC(p.year, p.month - 1, p.day - p.weekday));
  return zonedTimeToUtc(sunday.getUTCFullYear(), sunday.getUTCMonth() + 1, sunday.getUTCDate(), timeZone);
}

export function startOfMonth(date: Date, timeZone: string): Date {
  const p = getZonedParts(date, timeZone);
  return zonedTimeToUtc(p.year, p.month, 1, timeZone);
}
