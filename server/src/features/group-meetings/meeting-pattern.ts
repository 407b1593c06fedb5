import { getZonedParts, zonedTimeToUtc } from "@common/time";

/**
 * A group's regular meetings: its meeting day and time are wall-clock words in the church's time
 * zone ("Tuesdays at 19:30"), so each meeting's instant is computed from its own calendar day
 * (`zonedTimeToUtc`), never by adding 7 × 24 hours: across a daylight-saving change the meeting stays
 * at 19:30 local and its UTC instant moves by the hour. A time that does not exist that day (clocks
 * going forward over it) is moved forward by the gap, as the rest of the app does.
 */

export type TPattern = { meetingDay: number | null; meetingTime: string | null };

type TDay = { y: number; m: number; d: number };

/** The calendar day `n` days after `day` (plain calendar arithmetic, no time zone). */
function addDays(day: TDay, n: number): TDay {
  const t = new Date(Date.UTC(day.y, day.m - 1, day.d + n));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

const weekdayOf = (day: TDay) => new Date(Date.UTC(day.y, day.m - 1, day.d)).getUTCDay();

function localDay(at: Date, timeZone: string): TDay {
  const p = getZonedParts(at, timeZone);
  return { y: p.year, m: p.month, d: p.day };
}

function timeOf(pattern: TPattern): [number, number] | null {
  if (pattern.meetingDay === null || !pattern.meetingTime) return null;
  const [hh, mm] = pattern.meetingTime.split(":").map(Number);
  return [hh, mm];
}

const startOn = (day: TDay, [hh, mm]: [number, number], timeZone: string) =>
  zonedTimeToUtc(day.y, day.m, day.d, timeZone, hh, mm);

/** The first `count` regular meetings on or after the calendar day of `from` (church time), soonest first. */
export function nextPatternStarts(pattern: TPattern, timeZone: string, from: Date, count: number): Date[] {
  const time = timeOf(pattern);
  if (!time || count <= 0) return [];
  const today = localDay(from, timeZone);
  const first = addDays(today, ((pattern.meetingDay as number) - weekdayOf(today) + 7) % 7);
  return Array.from({ length: count }, (_, i) => startOn(addDays(first, 7 * i), time, timeZone));
}

/**
 * The last `count` regular meetings on calendar days before the day of `before` (church time), newest
 * first, none on a day before `notBefore`'s (the group did not meet before it existed).
 */
export function previousPatternStarts(
  pattern: TPattern,
  timeZone: string,
  before: Date,
  count: number,
  notBefore: Date,
): Date[] {
  const time = timeOf(pattern);
  if (!time || count <= 0) return [];
  const today = localDay(before, timeZone);
  const back = (weekdayOf(today) - (pattern.meetingDay as number) + 7) % 7 || 7;
  const last = addDays(today, -back);
  const floor = localDay(notBefore, timeZone);
  const floorKey = Date.UTC(floor.y, floor.m - 1, floor.d);
  const out: Date[] = [];
  for (let i = 0; i < count; i++) {
    const day = addDays(last, -7 * i);
    if (Date.UTC(day.y, day.m - 1, day.d) < floorKey) break;
    out.push(startOn(day, time, timeZone));
  }
  return out;
}

/** Whether `at` is one of the pattern's meetings (its day and time, computed on that day). */
export function isPatternStart(pattern: TPattern, timeZone: string, at: Date): boolean {
  const time = timeOf(pattern);
  if (!time) return false;
  const day = localDay(at, timeZone);
  return weekdayOf(day) === pattern.meetingDay && startOn(day, time, timeZone).getTime() === at.getTime();
}

/** The start of the church's calendar day `n` days after the day of `at` (n = 1: tomorrow's start). */
export function startOfLocalDay(at: Date, timeZone: string, n = 0): Date {
  const day = addDays(localDay(at, timeZone), n);
  return zonedTimeToUtc(day.y, day.m, day.d, timeZone);
}

/** The church's hour of the day at `at` (0..23). */
export const localHour = (at: Date, timeZone: string) => getZonedParts(at, timeZone).hour;
