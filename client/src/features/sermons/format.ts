/**
 * A sermon's `date` is a calendar day stored at midnight UTC: formatting it in UTC keeps the day
 * the admin chose, wherever the reader is.
 */
const longDate = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "long" });
const shortDate = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "short",
  day: "numeric",
  year: "numeric",
});

/** "March 4, 2025" (spec 1 screen 7: long en-US date). */
export function formatSermonDate(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? "" : longDate.format(d);
}

/** "Mar 4, 2025", for cards and tables. */
export function formatSermonShortDate(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? "" : shortDate.format(d);
}

/** The `YYYY-MM-DD` a date input shows for a sermon's date. */
export function toDateInputValue(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 10);
}

export function formatViews(count: number): string {
  return `${new Intl.NumberFormat("en-US").format(count)} ${count === 1 ? "view" : "views"}`;
}

/** "grace, hope ,, faith" → ["grace", "hope", "faith"]. */
export function parseTopics(value: string): string[] {
  return [
    ...new Set(
      value
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

/** "Mar 1 – 22, 2026", or one date when the first and the last are the same day (a series' span). */
export function formatSermonDateRange(first: string, last: string): string {
  const a = new Date(first);
  const b = new Date(last);
  if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) return "";
  return a.getTime() === b.getTime() ? shortDate.format(a) : shortDate.formatRange(a, b);
}
