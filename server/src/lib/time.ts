/** Calendar helpers in a church's time zone (DESIGN.md "Time": weeks run Sunday to Saturday). */

export function getServerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

type TParts = {
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

function getParts(date: Date, timeZone: string): TParts {
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
    hour: Number(p.hour),
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
    const p = getParts(new Date(t), timeZone);
    const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    t = guess - (asUtc - t);
  }
  return new Date(t);
}

/** `YYYY-MM-DD` of the calendar day `date` falls on in `timeZone`. */
export function toLocalDate(date: Date, timeZone: string): string {
  const p = getParts(date, timeZone);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** Start of the day, week (Sunday) and month containing `date`, in `timeZone`. */
export function startOfDay(date: Date, timeZone: string): Date {
  const p = getParts(date, timeZone);
  return zonedTimeToUtc(p.year, p.month, p.day, timeZone);
}

export function startOfWeek(date: Date, timeZone: string): Date {
  const p = getParts(date, timeZone);
  const sunday = new Date(Date.UTC(p.year, p.month - 1, p.day - p.weekday));
  return zonedTimeToUtc(sunday.getUTCFullYear(), sunday.getUTCMonth() + 1, sunday.getUTCDate(), timeZone);
}

export function startOfMonth(date: Date, timeZone: string): Date {
  const p = getParts(date, timeZone);
  return zonedTimeToUtc(p.year, p.month, 1, timeZone);
}
