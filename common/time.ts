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

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Slots kept per time zone: now, and the few fixed instants a week's start is worked out from. */
const SLOTS = 4;
/**
 * From 1980 every time zone's offset and every change of it falls on a whole minute (the last
 * offsets with seconds, local mean times, ended in 1972), so all instants of a minute share its
 * calendar and clock but for the seconds.
 */
const WHOLE_MINUTES_SINCE = Date.UTC(1980, 0, 1);
type TMinuteSlot = { minute: number; parts: TZonedParts };
const recentMinutes = new Map<string, { slots: TMinuteSlot[]; next: number }>();

function formatParts(date: Date, timeZone: string): TZonedParts {
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

/**
 * The calendar and clock reading of an instant in `timeZone` (weekday 0 = Sunday).
 *
 * `Intl` formatting costs microseconds and every request asks for the church's day, so the reading
 * of a few recent minutes is kept per time zone: an instant in a kept minute only adds its seconds.
 * Midnight and daylight-saving changes fall on whole minutes, so a kept minute never straddles one.
 */
export function getZonedParts(date: Date, timeZone: string): TZonedParts {
  const t = date.getTime();
  if (!(t >= WHOLE_MINUTES_SINCE)) return formatParts(date, timeZone);
  const minute = Math.floor(t / MINUTE_MS);
  const second = Math.floor((t - minute * MINUTE_MS) / 1000);
  let kept = recentMinutes.get(timeZone);
  if (kept) {
    for (const slot of kept.slots) if (slot.minute === minute) return { ...slot.parts, second };
  } else {
    kept = { slots: [], next: 0 };
    recentMinutes.set(timeZone, kept);
  }
  const parts = formatParts(date, timeZone);
  // A second that differs from UTC's would mean an offset with seconds: not kept.
  if (parts.second === second) {
    kept.slots[kept.next] = { minute, parts: { ...parts, second: 0 } };
    kept.next = (kept.next + 1) % SLOTS;
  }
  return parts;
}

/**
 * The instant at which the given wall-clock time happens in `timeZone`. A time that happens twice
 * (clocks going back) is its first instant; a time that never happens (clocks going forward over
 * it) moves forward by the gap, as Temporal does: midnight into a Sunday whose clocks skip from
 * 24:00 to 01:00 (Santiago in September) is 01:00, when that Sunday really starts.
 */
export function zonedTimeToUtc(y: number, m: number, d: number, timeZone: string, hh = 0, mm = 0, ss = 0): Date {
  const wall = Date.UTC(y, m - 1, d, hh, mm, ss);
  const offsetAt = (t: number) => {
    const p = getZonedParts(new Date(t), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - t;
  };
  // The offsets a day either side and at the time itself: a change between them is at most one.
  const candidates = [wall - DAY_MS, wall, wall + DAY_MS].map((probe) => wall - offsetAt(probe)).sort((a, b) => a - b);
  const exact = candidates.find((t) => t + offsetAt(t) === wall);
  return new Date(exact ?? candidates[candidates.length - 1]);
}

/** `YYYY-MM-DD` of the calendar day `date` falls on in `timeZone`. */
export function toLocalDate(date: Date, timeZone: string): string {
  const p = getZonedParts(date, timeZone);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}
