import { getZonedParts } from "@common/time";

/** Calendar weeks of the church (Sunday to Saturday, in its time zone), as `YYYY-MM-DD` Sundays. */

/** `YYYY-MM-DD` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The Sunday of the week holding the calendar date `date`. */
export function sundayOf(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return addDays(date, -new Date(Date.UTC(y, m - 1, d)).getUTCDay());
}

/** This week's Sunday in the church's time zone. */
export function thisSunday(timeZone: string, now = new Date()): string {
  const p = getZonedParts(now, timeZone);
  return sundayOf(`${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`);
}

const longDate = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });

/** "November 22, 2026" for `2026-11-22` (a calendar date: the same wherever the reader is). */
export function formatWeekOf(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return longDate.format(new Date(Date.UTC(y, m - 1, d)));
}

export type TWeekStatus = "current" | "scheduled" | "past";

export function weekStatus(weekOf: string, currentSunday: string): TWeekStatus {
  if (weekOf === currentSunday) return "current";
  return weekOf > currentSunday ? "scheduled" : "past";
}
