import { sundayOf } from "@common/dates";
import { toLocalDate } from "@common/time";
import { dateFormat } from "@/lib/i18n";

/** Calendar weeks of the church (Sunday to Saturday, in its time zone), as `YYYY-MM-DD` Sundays. */

/** This week's Sunday in the church's time zone. */
export function thisSunday(timeZone: string, now = new Date()): string {
  return sundayOf(toLocalDate(now, timeZone));
}

const longDate = dateFormat({ timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });

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
