/** Wall-clock arithmetic in a church's time zone, shared by server and client (DESIGN.md "Time"). */

export type TZonedParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
};

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar and clock reading of an instant in `timeZone` (weekday 0 = Sunday). */
export function getZonedParts(date: Date, timeZone: string): TZonedParts {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short",
    });
    formatters.set(timeZone, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(date)) p[part.type] = part.value;
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour) % 24,
    minute: Number(p.minute),
    second: Number(p.second),
    weekday: WEEKDAYS.indexOf(p.weekday),
  };
}

/** The instant at which the given wall-clock time happens in `timeZone`. */
export function zonedTimeToUtc(y: number, m: number, d: number, timeZone: string, hh = 0, mm = 0, ss = 0): Date {
  const guess = Date.UTC(y, m - 1, d, hh, mm, ss);
  // Two passes settle the offset even across a daylight-saving change.
  let t = guess;
  for (let i = 0; i < 2; i++) {
    const p = getZonedParts(new Date(t), timeZone);
    const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    t = guess - (asUtc - t);
  }
  return new Date(t);
}

/** `YYYY-MM-DD` of the calendar day `date` falls on in `timeZone`. */
export function toLocalDate(date: Date, timeZone: string): string {
  const p = getZonedParts(date, timeZone);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}
