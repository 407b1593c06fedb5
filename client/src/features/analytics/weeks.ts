import { dateFormat } from "@/lib/i18n";

/** A week's Sunday (`YYYY-MM-DD`, a calendar date: the same wherever the reader is) as "Nov 16". */
const weekFormat = dateFormat({ month: "short", day: "numeric", timeZone: "UTC" });
const longFormat = dateFormat({
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

export function formatWeek(weekOf: string): string {
  return weekFormat.format(new Date(`${weekOf}T00:00:00Z`));
}

/** "November 16, 2026" (for the tables and screen readers). */
export function formatWeekLong(weekOf: string): string {
  return longFormat.format(new Date(`${weekOf}T00:00:00Z`));
}
