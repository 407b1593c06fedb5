import { getZonedParts } from "@common/time";

/**
 * A VTIMEZONE for an IANA zone (RFC 5545 3.6.5), so that a repeating event's DTSTART;TZID keeps its
 * wall-clock time in any calendar app across daylight-saving changes. Written from the zone's own
 * offsets as the runtime knows them: each change between the years asked for is one STANDARD or
 * DAYLIGHT observance (no rule of our own to get wrong), found by sampling each week and narrowing
 * to the minute.
 */

const MINUTE_MS = 60_000;
const WEEK_MS = 7 * 86_400_000;
const cache = new Map<string, string[]>();

const offsetAt = (t: number, timeZone: string) => {
  const p = getZonedParts(new Date(t), timeZone);
  return Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - t) / MINUTE_MS);
};

const formatOffset = (minutes: number) => {
  const sign = minutes < 0 ? "-" : "+";
  const a = Math.abs(minutes);
  return `${sign}${String(Math.floor(a / 60)).padStart(2, "0")}${String(a % 60).padStart(2, "0")}`;
};

/** `YYYYMMDDTHHMMSS`: the wall-clock reading of `t` at `offset` minutes from UTC. */
const localStamp = (t: number, offset: number) =>
  new Date(t + offset * MINUTE_MS)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "");

export function writeVTimezone(timeZone: string, fromYear: number, toYear: number): string[] {
  const cacheKey = `${timeZone}|${fromYear}|${toYear}`;
  const kept = cache.get(cacheKey);
  if (kept) return kept;
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const first = offsetAt(start, timeZone);
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  const observance = (kind: string, at: number, from: number, to: number) =>
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${localStamp(at, from)}`,
      `TZOFFSETFROM:${formatOffset(from)}`,
      `TZOFFSETTO:${formatOffset(to)}`,
      `END:${kind}`,
    );
  // The offset in force from the start of the range.
  observance("STANDARD", start, first, first);
  let previous = first;
  for (let t = start; t < end; t += WEEK_MS) {
    const next = offsetAt(t + WEEK_MS, timeZone);
    if (next === previous) continue;
    let lo = t;
    let hi = t + WEEK_MS;
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetAt(mid, timeZone) === previous) lo = mid;
      else hi = mid;
    }
    observance(next > previous ? "DAYLIGHT" : "STANDARD", hi, previous, next);
    previous = next;
  }
  lines.push("END:VTIMEZONE");
  cache.set(cacheKey, lines);
  return lines;
}
