import { currentLanguage, dateFormat, formatters } from "./i18n";

/** Joins class names, skipping falsy values. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}

const shortDate = dateFormat({ month: "short", day: "numeric", year: "numeric" });

/** A date in the language on screen, e.g. "Mar 4, 2025" (en-US), "4 mar 2025" (es). */
export function formatDate(value: string | Date): string {
  const d = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? "" : shortDate.format(d);
}

/**
 * When something happened, in the language on screen (outside a component; a component takes
 * `useFormat().relative`, the same words): spec 2 section 9's in English ("Just now", "5 minutes
 * ago", a date from 7 days on), Intl's short ones in another language ("hace 5 min").
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  return formatters(currentLanguage()).relative(value, now);
}

export function getInitials(name: string): string {
  const parts = name
    .replace(/@.*/, "")
    .split(/[\s._-]+/)
    .filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts[parts.length - 1][0] ?? "") : "")).toUpperCase() || "?";
}

/** A number in the language on screen: "1,234" (en), "1.234" (es), "1 234" (fr). */
export function formatNumber(n: number): string {
  return formatters(currentLanguage()).number(n);
}
