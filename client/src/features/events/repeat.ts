import type { TEvent } from "@common/events";
import { getUntilInstant, parseRecurrence, type TRecurrenceRule, WEEKDAY_CODES } from "@common/recurrence";
import { getZonedParts, toLocalDate } from "@common/time";
import { currentLanguage, dateFormat, intlLocale, translator } from "@/lib/i18n";
import { eventsCatalog, type TEventsT } from "./i18n";

/** The admin form's "Repeats" choices; "custom" keeps a rule made elsewhere (the API) as it is. */
export type TRepeatChoice = "none" | "weekly" | "monthly-nth" | "monthly-day" | "custom";

const weekdayName = dateFormat({ timeZone: "UTC", weekday: "long" });
/** A weekday's name in the language on screen (0 is Sunday): 2023-01-01 was a Sunday. */
const weekday = (day: number) => weekdayName.format(new Date(Date.UTC(2023, 0, 1 + day)));
/** "Sunday and Wednesday", "domingo y miércoles": a list in the language on screen. */
const list = (words: string[]) =>
  new Intl.ListFormat(intlLocale(currentLanguage()), { style: "long", type: "conjunction" }).format(words);
/** "the first Sunday" (`n` -1 is the last). */
const nthDay = (t: TEventsT, n: number, day: number) =>
  t("repeat.nth", { nth: n === -1 ? "last" : String(n), weekday: weekday(day) });

/** The day a `datetime-local` value names: its weekday, its day and which of its weekday it is in the month. */
function dayOf(local: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(local);
  if (!m) return null;
  const date = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  const day = +m[3];
  const length = new Date(Date.UTC(+m[1], +m[2], 0)).getUTCDate();
  // The fifth of a weekday is always its last one in the month: "last" holds every month.
  const nth = day + 7 > length && day > 28 ? -1 : Math.ceil(day / 7);
  return { weekday: date.getUTCDay(), day, nth };
}

/** The choices for a start ("Weekly on Sunday", "Monthly on the first Sunday", "Monthly on day 4"). */
export function getRepeatOptions(
  startLocal: string,
  t: TEventsT = translator(eventsCatalog),
): { value: TRepeatChoice; label: string }[] {
  const d = dayOf(startLocal);
  const none = { value: "none" as const, label: t("repeat.option.none") };
  if (!d) return [none];
  return [
    none,
    { value: "weekly", label: t("repeat.option.weekly", { weekday: weekday(d.weekday) }) },
    { value: "monthly-nth", label: t("repeat.option.monthlyNth", { nth: nthDay(t, d.nth, d.weekday) }) },
    { value: "monthly-day", label: t("repeat.option.monthlyDay", { day: d.day }) },
  ];
}

/** The RRULE for a choice, its start and an optional last date (YYYY-MM-DD, in the church's zone). */
export function toRecurrence(
  choice: TRepeatChoice,
  startLocal: string,
  until: string,
  custom: string | null,
): string | null {
  const d = dayOf(startLocal);
  const end = until ? `;UNTIL=${until.replace(/-/g, "")}` : "";
  if (choice === "custom") return custom;
  if (choice === "none" || !d) return null;
  const code = WEEKDAY_CODES[d.weekday];
  if (choice === "weekly") return `FREQ=WEEKLY;BYDAY=${code}${end}`;
  if (choice === "monthly-nth") return `FREQ=MONTHLY;BYDAY=${d.nth}${code}${end}`;
  return `FREQ=MONTHLY;BYMONTHDAY=${d.day}${end}`;
}

const isPlain = (r: TRecurrenceRule) => r.interval === 1 && r.count === null && r.bySetPos.length === 0;

/** The form's choice and last date for a stored rule. */
export function fromRecurrence(recurrence: string | null, timeZone: string): { choice: TRepeatChoice; until: string } {
  if (!recurrence) return { choice: "none", until: "" };
  const r = parseRecurrence(recurrence);
  if (typeof r === "string") return { choice: "custom", until: "" };
  const until = r.until ? toLocalDate(getUntilInstant(r.until, timeZone), timeZone) : "";
  if (isPlain(r) && r.freq === "WEEKLY" && r.byDay.length <= 1) return { choice: "weekly", until };
  if (isPlain(r) && r.freq === "MONTHLY" && r.byDay.length === 1 && r.byDay[0].n !== null && r.byMonthDay.length === 0)
    return { choice: "monthly-nth", until };
  if (isPlain(r) && r.freq === "MONTHLY" && r.byDay.length === 0 && r.byMonthDay.length === 1 && r.byMonthDay[0] > 0)
    return { choice: "monthly-day", until };
  return { choice: "custom", until: "" };
}

/**
 * When a rule repeats, in the language on screen: "Repeats every Sunday", "Repeats every other
 * Sunday", "Repeats on the first Sunday of every month", "Repeats monthly on day 15" (the English
 * of `describeRecurrence`). `start` gives the days a rule leaves implicit.
 */
function describeRule(r: TRecurrenceRule, start: { weekday: number; day: number }, t: TEventsT): string {
  const interval = r.interval;
  if (r.freq === "WEEKLY") {
    const days = (r.byDay.length > 0 ? r.byDay.map((d) => d.day) : [start.weekday]).map(weekday);
    return t("repeat.weekly", { interval, days: list(days) });
  }
  const ordinal = r.byDay.filter((d) => d.n !== null);
  if (ordinal.length > 0 && r.byMonthDay.length === 0)
    return t("repeat.monthlyNth", { interval, days: list(ordinal.map((d) => nthDay(t, d.n as number, d.day))) });
  if (r.byDay.length > 0 && r.bySetPos.length === 1 && r.byMonthDay.length === 0)
    return t("repeat.monthlyNth", { interval, days: nthDay(t, r.bySetPos[0], r.byDay[0].day) });
  const days = (r.byMonthDay.length > 0 ? r.byMonthDay : [start.day]).map((md) =>
    t("repeat.day", { day: md === -1 ? "last" : String(md) }),
  );
  return t("repeat.monthlyDay", { interval, days: list(days) });
}

/** "Repeats every Sunday", "Repeats on the first Sunday of every month"; null for a single event. */
export function describeEventRepeat(
  e: Pick<TEvent, "recurrence" | "startTime">,
  timeZone: string,
  t: TEventsT = translator(eventsCatalog),
): string | null {
  if (!e.recurrence) return null;
  const r = parseRecurrence(e.recurrence);
  if (typeof r === "string") return null;
  const p = getZonedParts(new Date(e.startTime), timeZone);
  return describeRule(r, { weekday: p.weekday, day: p.day }, t);
}

/** The event page of one occurrence: `/events/{id}?occurrence=<ISO>` for a repeating event. */
export function eventPageHref(e: Pick<TEvent, "id" | "recurrence" | "occurrenceStart">): string {
  const base = `/events/${encodeURIComponent(e.id)}`;
  return e.recurrence ? `${base}?occurrence=${encodeURIComponent(e.occurrenceStart)}` : base;
}
