import { useLingui } from "@lingui/react";
import { useMemo } from "react";
import { intlLocale, useT } from "@/lib/i18n";
import { sermonsCatalog } from "./i18n";

/**
 * A sermon's `date` is a calendar day stored at midnight UTC: formatting it in UTC keeps the day
 * the admin chose, wherever the reader is. Each language's formats are made once (`intlLocale`: English
 * keeps the spec's en-US forms, Arabic Latin digits).
 */
const formats = new Map<string, { long: Intl.DateTimeFormat; short: Intl.DateTimeFormat }>();
function formatsFor(language: string) {
  let f = formats.get(language);
  if (!f) {
    const locale = intlLocale(language);
    f = {
      long: new Intl.DateTimeFormat(locale, { timeZone: "UTC", dateStyle: "long" }),
      short: new Intl.DateTimeFormat(locale, { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }),
    };
    formats.set(language, f);
  }
  return f;
}

const parse = (value: string) => {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** "March 4, 2025" in English (spec 1 screen 7: the long date), "4 de marzo de 2025" in Spanish. */
export function formatSermonDate(value: string, language = "en"): string {
  const d = parse(value);
  return d ? formatsFor(language).long.format(d) : "";
}

/** "Mar 4, 2025", for cards and tables. */
export function formatSermonShortDate(value: string, language = "en"): string {
  const d = parse(value);
  return d ? formatsFor(language).short.format(d) : "";
}

/** "Mar 1 – 22, 2026", or one date when the first and the last are the same day (a series' span). */
export function formatSermonDateRange(first: string, last: string, language = "en"): string {
  const a = parse(first);
  const b = parse(last);
  if (!a || !b) return "";
  const { short } = formatsFor(language);
  return a.getTime() === b.getTime() ? short.format(a) : short.formatRange(a, b);
}

/** The `YYYY-MM-DD` a date input shows for a sermon's date. */
export function toDateInputValue(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 10);
}

/**
 * A sermon's dates, duration ("1h 5m" in English, spec 1 screen 7) and views in the language on
 * screen.
 */
export function useSermonFormat() {
  const t = useT(sermonsCatalog);
  const language = useLingui().i18n.locale;
  return useMemo(
    () => ({
      date: (value: string) => formatSermonDate(value, language),
      shortDate: (value: string) => formatSermonShortDate(value, language),
      dateRange: (first: string, last: string) => formatSermonDateRange(first, last, language),
      duration: (minutes: number | null | undefined) => {
        if (!minutes) return "";
        const hours = Math.floor(minutes / 60);
        const rest = minutes % 60;
        if (hours === 0) return t("duration.minutes", { minutes: rest });
        return rest === 0 ? t("duration.hours", { hours }) : t("duration.hoursMinutes", { hours, minutes: rest });
      },
      views: (count: number) => t("views", { count }),
    }),
    [t, language],
  );
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
