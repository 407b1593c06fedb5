/**
 * Repeating events: the WEEKLY and MONTHLY subset of RFC 5545 recurrence rules (RRULE), parsed,
 * written back, described in words and expanded into occurrences. Occurrences are expanded in the
 * church's time zone and keep their wall-clock time: a 10:00 Sunday service stays 10:00 local when
 * the clocks change, so its UTC instant moves by the change (RFC 5545 3.3.10 with a TZID DTSTART).
 * No zod here: the event page and the public page read the descriptions.
 */
import { getZonedParts, zonedTimeToUtc } from "./time";

export const WEEKDAY_CODES = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;
const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const ORDINALS: Record<number, string> = { 1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", [-1]: "last" };
const DAY_MS = 86_400_000;
/** Periods (weeks or months) walked at most: about fifty years of a weekly rule. */
const MAX_PERIODS = 2600;
export const MAX_RECURRENCE_COUNT = 1000;

export type TRecurrenceRule = {
  freq: "WEEKLY" | "MONTHLY";
  interval: number;
  /** Weekdays (0 = Sunday), with an ordinal in a month (1 = first, -1 = last) or null for every one. */
  byDay: { n: number | null; day: number }[];
  byMonthDay: number[];
  bySetPos: number[];
  count: number | null;
  /** UNTIL as written: `YYYYMMDD` or `YYYYMMDDTHHMMSSZ`. */
  until: string | null;
  wkst: number;
};

const SUPPORTED = "Repeating events take FREQ, INTERVAL, BYDAY, BYMONTHDAY, BYSETPOS, COUNT and UNTIL";

function intList(value: string, min: number, max: number, what: string): number[] | string {
  const out: number[] = [];
  for (const part of value.split(",")) {
    if (!/^[+-]?\d{1,3}$/.test(part)) return `${what} must be a list of numbers`;
    const n = Number(part);
    if (n === 0 || n < min || n > max) return `${what} must be between ${min} and ${max} (not 0)`;
    out.push(n);
  }
  return out;
}

/** Parses a rule such as `FREQ=WEEKLY;BYDAY=SU` (a leading `RRULE:` is allowed); a string is the error. */
export function parseRecurrence(input: string): TRecurrenceRule | string {
  const text = input.trim().replace(/^RRULE:/i, "");
  if (!text) return "Enter a repeat rule, for example FREQ=WEEKLY;BYDAY=SU";
  const rule: TRecurrenceRule = {
    freq: "WEEKLY",
    interval: 1,
    byDay: [],
    byMonthDay: [],
    bySetPos: [],
    count: null,
    until: null,
    wkst: 1,
  };
  const seen = new Set<string>();
  let freq: string | null = null;
  for (const part of text.split(";")) {
    if (!part) continue;
    const [rawKey, value, ...rest] = part.split("=");
    const key = rawKey.toUpperCase();
    if (value === undefined || rest.length > 0 || value === "")
      return `The repeat rule part "${part}" is not KEY=VALUE`;
    if (seen.has(key)) return `The repeat rule names ${key} twice`;
    seen.add(key);
    const v = value.toUpperCase();
    if (key === "FREQ") {
      freq = v;
      if (v !== "WEEKLY" && v !== "MONTHLY")
        return "Events can repeat weekly or monthly only (FREQ=WEEKLY or FREQ=MONTHLY)";
      rule.freq = v;
    } else if (key === "INTERVAL") {
      if (!/^\d{1,2}$/.test(v) || Number(v) < 1) return "INTERVAL must be a whole number from 1 to 99";
      rule.interval = Number(v);
    } else if (key === "COUNT") {
      if (!/^\d{1,4}$/.test(v) || Number(v) < 1 || Number(v) > MAX_RECURRENCE_COUNT)
        return `COUNT must be a whole number from 1 to ${MAX_RECURRENCE_COUNT}`;
      rule.count = Number(v);
    } else if (key === "UNTIL") {
      const m = /^(\d{4})(\d{2})(\d{2})(T(\d{2})(\d{2})(\d{2})Z)?$/.exec(v);
      if (!m) return "UNTIL must be a date (YYYYMMDD) or a UTC time (YYYYMMDDTHHMMSSZ)";
      const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[5] ?? 0), +(m[6] ?? 0), +(m[7] ?? 0)));
      if (d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3] || +(m[5] ?? 0) > 23)
        return "UNTIL is not a real date";
      rule.until = v;
    } else if (key === "BYDAY") {
      for (const item of v.split(",")) {
        const m = /^([+-]?[1-5])?(SU|MO|TU|WE|TH|FR|SA)$/.exec(item);
        if (!m)
          return `BYDAY takes weekdays such as SU or MO, or in a month 1SU (first Sunday) or -1FR (last Friday); "${item}" is not one`;
        rule.byDay.push({ n: m[1] ? Number(m[1]) : null, day: WEEKDAY_CODES.indexOf(m[2] as "SU") });
      }
    } else if (key === "BYMONTHDAY") {
      const list = intList(v, -31, 31, "BYMONTHDAY");
      if (typeof list === "string") return list;
      rule.byMonthDay = list;
    } else if (key === "BYSETPOS") {
      const list = intList(v, -31, 31, "BYSETPOS");
      if (typeof list === "string") return list;
      rule.bySetPos = list;
    } else if (key === "WKST") {
      const day = WEEKDAY_CODES.indexOf(v as "SU");
      if (day < 0) return "WKST must be a weekday such as SU or MO";
      rule.wkst = day;
    } else {
      return `${SUPPORTED}; ${key} is not supported`;
    }
  }
  if (!freq) return "The repeat rule needs FREQ=WEEKLY or FREQ=MONTHLY";
  if (rule.count !== null && rule.until !== null) return "A repeat rule takes COUNT or UNTIL, not both";
  if (rule.freq === "WEEKLY") {
    if (rule.byMonthDay.length > 0) return "BYMONTHDAY is for monthly rules, not weekly ones";
    if (rule.byDay.some((d) => d.n !== null))
      return "A weekly rule takes plain weekdays in BYDAY (such as SU), not 1SU";
  }
  return rule;
}

/** The rule written back in one order, without `RRULE:` (what is stored and put in calendars). */
export function formatRecurrence(rule: TRecurrenceRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byDay.length > 0)
    parts.push(`BYDAY=${rule.byDay.map((d) => `${d.n ?? ""}${WEEKDAY_CODES[d.day]}`).join(",")}`);
  if (rule.byMonthDay.length > 0) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(",")}`);
  if (rule.bySetPos.length > 0) parts.push(`BYSETPOS=${rule.bySetPos.join(",")}`);
  if (rule.wkst !== 1) parts.push(`WKST=${WEEKDAY_CODES[rule.wkst]}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== null) parts.push(`UNTIL=${rule.until}`);
  return parts.join(";");
}

/** The last instant UNTIL allows; a date-only UNTIL runs to the end of that day in the zone. */
export function getUntilInstant(until: string, timeZone: string): Date {
  const y = +until.slice(0, 4);
  const mo = +until.slice(4, 6);
  const d = +until.slice(6, 8);
  if (until.length === 8) return new Date(zonedTimeToUtc(y, mo, d, timeZone, 23, 59, 59).getTime());
  return new Date(Date.UTC(y, mo - 1, d, +until.slice(9, 11), +until.slice(11, 13), +until.slice(13, 15)));
}

/** `YYYYMMDDTHHMMSSZ` of an instant (an UNTIL in UTC). */
export function toUntil(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

type TDay = { y: number; m: number; d: number; n: number };
const toDay = (n: number): TDay => {
  const date = new Date(n * DAY_MS);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate(), n };
};
const dayNumber = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / DAY_MS;

function applySetPos(days: number[], setPos: number[]): number[] {
  if (setPos.length === 0) return days;
  const picked = setPos.map((p) => (p > 0 ? days[p - 1] : days[days.length + p])).filter((d) => d !== undefined);
  return [...new Set(picked)].sort((a, b) => a - b);
}

/** The local days (day numbers) of one week or month of the rule, in order. */
function periodDays(rule: TRecurrenceRule, start: TDay & { weekday: number }, period: number): number[] {
  let days: number[];
  if (rule.freq === "WEEKLY") {
    const weekStart = start.n - ((start.weekday - rule.wkst + 7) % 7) + period * rule.interval * 7;
    const weekdays = rule.byDay.length > 0 ? rule.byDay.map((d) => d.day) : [start.weekday];
    days = weekdays.map((wd) => weekStart + ((wd - rule.wkst + 7) % 7));
  } else {
    const index = start.y * 12 + (start.m - 1) + period * rule.interval;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    const first = dayNumber(y, m, 1);
    const length = dayNumber(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 1) - first;
    const firstWeekday = (((first + 4) % 7) + 7) % 7; // day 0 (1970-01-01) was a Thursday
    const byMonthDay = rule.byMonthDay
      .map((md) => (md > 0 ? md : length + md + 1))
      .filter((md) => md >= 1 && md <= length)
      .map((md) => first + md - 1);
    const byDay = rule.byDay.flatMap(({ n, day }) => {
      const all: number[] = [];
      for (let d = first + ((day - firstWeekday + 7) % 7); d < first + length; d += 7) all.push(d);
      if (n === null) return all;
      const pick = n > 0 ? all[n - 1] : all[all.length + n];
      return pick === undefined ? [] : [pick];
    });
    if (rule.byMonthDay.length > 0 && rule.byDay.length > 0) days = byMonthDay.filter((d) => byDay.includes(d));
    else if (rule.byMonthDay.length > 0) days = byMonthDay;
    else if (rule.byDay.length > 0) days = byDay;
    else days = start.d <= length ? [first + start.d - 1] : [];
  }
  return applySetPos(
    [...new Set(days)].sort((a, b) => a - b),
    rule.bySetPos,
  );
}

/**
 * The occurrences' starts in order: the first is always DTSTART (RFC 5545 counts it), then each
 * day the rule names at DTSTART's wall-clock time in `timeZone`, until COUNT or UNTIL.
 */
export function* iterateOccurrences(rule: TRecurrenceRule, dtstart: Date, timeZone: string): Generator<Date> {
  const p = getZonedParts(dtstart, timeZone);
  const start = { ...toDay(dayNumber(p.year, p.month, p.day)), weekday: p.weekday };
  const until = rule.until ? getUntilInstant(rule.until, timeZone).getTime() : Number.POSITIVE_INFINITY;
  yield dtstart;
  let emitted = 1;
  for (let period = 0; period < MAX_PERIODS; period++) {
    for (const n of periodDays(rule, start, period)) {
      if (n <= start.n) continue;
      if (rule.count !== null && emitted >= rule.count) return;
      const d = toDay(n);
      const instant = zonedTimeToUtc(d.y, d.m, d.d, timeZone, p.hour, p.minute, p.second);
      if (instant.getTime() > until) return;
      yield instant;
      emitted++;
    }
  }
}

/** Starts of the occurrences that overlap [from, to) (an occurrence lasts `durationMs`), at most `max`. */
export function expandOccurrences(
  rule: TRecurrenceRule,
  dtstart: Date,
  timeZone: string,
  window: { from: Date; to: Date; durationMs: number; max?: number },
): Date[] {
  const out: Date[] = [];
  for (const start of iterateOccurrences(rule, dtstart, timeZone)) {
    if (start.getTime() >= window.to.getTime()) break;
    if (start.getTime() + window.durationMs <= window.from.getTime()) continue;
    out.push(start);
    if (window.max !== undefined && out.length >= window.max) break;
  }
  return out;
}

/** Whether `instant` is one of the rule's occurrences (RSVPs and changes name an occurrence by its start). */
export function isOccurrence(rule: TRecurrenceRule, dtstart: Date, timeZone: string, instant: Date): boolean {
  for (const start of iterateOccurrences(rule, dtstart, timeZone)) {
    if (start.getTime() === instant.getTime()) return true;
    if (start.getTime() > instant.getTime()) return false;
  }
  return false;
}

const joinWords = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
const monthDayWord = (md: number) => (md === -1 ? "the last day" : md < 0 ? `day ${md}` : `day ${md}`);

/**
 * When the rule repeats, in words after "Repeats": "every Sunday", "every other Sunday", "on the
 * first Sunday of every month", "monthly on day 15". `start` gives the days a rule leaves implicit.
 */
export function describeRecurrence(rule: TRecurrenceRule, start: { weekday: number; day: number }): string {
  if (rule.freq === "WEEKLY") {
    const names = joinWords(
      (rule.byDay.length > 0 ? rule.byDay.map((d) => d.day) : [start.weekday]).map((d) => WEEKDAY_NAMES[d]),
    );
    if (rule.interval === 1) return `every ${names}`;
    if (rule.interval === 2) return `every other ${names}`;
    return `every ${rule.interval} weeks on ${names}`;
  }
  const every = rule.interval === 1 ? "every month" : `every ${rule.interval} months`;
  const nth = (n: number, day: number) => `the ${ORDINALS[n] ?? `${n}th`} ${WEEKDAY_NAMES[day]}`;
  const ordinalDays = rule.byDay.filter((d) => d.n !== null);
  if (ordinalDays.length > 0 && rule.byMonthDay.length === 0)
    return `on ${joinWords(ordinalDays.map((d) => nth(d.n as number, d.day)))} of ${every}`;
  if (rule.byDay.length > 0 && rule.bySetPos.length === 1 && rule.byMonthDay.length === 0)
    return `on ${nth(rule.bySetPos[0], rule.byDay[0].day)} of ${every}`;
  const days = rule.byMonthDay.length > 0 ? rule.byMonthDay : [start.day];
  const on = joinWords(days.map(monthDayWord));
  return rule.interval === 1 ? `monthly on ${on}` : `${every} on ${on}`;
}

/**
 * Service times on the public page: "Sundays at 10:00 AM", "First Sunday of the month at 6:00 PM".
 * `time` is the service's local time already written ("10:00 AM").
 */
export function describeServiceTime(rule: TRecurrenceRule, start: { weekday: number; day: number }, time: string) {
  let when: string;
  if (rule.freq === "WEEKLY" && rule.interval === 1) {
    const days = rule.byDay.length > 0 ? rule.byDay.map((d) => d.day) : [start.weekday];
    when = joinWords(days.map((d) => `${WEEKDAY_NAMES[d]}s`));
  } else if (rule.freq === "MONTHLY" && rule.interval === 1 && rule.byDay.length === 1 && rule.byDay[0].n !== null) {
    when = `${ORDINALS[rule.byDay[0].n] ?? `${rule.byDay[0].n}th`} ${WEEKDAY_NAMES[rule.byDay[0].day]} of the month`;
  } else {
    when = describeRecurrence(rule, start);
  }
  return `${when.charAt(0).toUpperCase()}${when.slice(1)} at ${time}`;
}
