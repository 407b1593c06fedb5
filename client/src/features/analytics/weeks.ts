/** A week's Sunday (`YYYY-MM-DD`, a calendar date: the same wherever the reader is) as "Nov 16". */
const weekFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longFormat = new Intl.DateTimeFormat("en-US", {
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
