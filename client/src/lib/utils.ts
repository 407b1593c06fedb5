import { currentLanguage, dateFormat, intlLocale } from "./i18n";

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

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;

/**
 * Spec 2 section 9: Just now under 1 minute, minutes under 60, hours under 24, days under 7, else a
 * date; in English in the spec's words, in another language through `Intl.RelativeTimeFormat`.
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const d = typeof value === "string" ? new Date(value) : value;
  const seconds = Math.max(0, Math.floor((now.getTime() - d.getTime()) / 1000));
  const language = currentLanguage();
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (language !== "en") {
    const locale = intlLocale(language);
    if (days >= 7) return new Intl.DateTimeFormat(locale).format(d);
    const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
    if (seconds < 60) return rtf.format(0, "second");
    if (minutes < 60) return rtf.format(-minutes, "minute");
    if (hours < 24) return rtf.format(-hours, "hour");
    return rtf.format(-days, "day");
  }
  if (seconds < 60) return "Just now";
  if (minutes < 60) return plural(minutes, "minute");
  if (hours < 24) return plural(hours, "hour");
  if (days < 7) return plural(days, "day");
  return d.toLocaleDateString("en-US");
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
  return new Intl.NumberFormat(intlLocale(currentLanguage())).format(n);
}
