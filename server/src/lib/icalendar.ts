import { getZonedParts } from "@common/time";
import type { eventOccurrenceChanges, events } from "../db/schema/events";
import { writeVTimezone } from "./vtimezone";

/*
 * iCalendar (RFC 5545) writing: pure text, shared by the church's calendar feed (features/feeds)
 * and a single event's "Add to my calendar" file (features/events).
 */

/** Control characters no text field of a calendar may hold. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** RFC 5545 text: escape, then fold lines at 75 octets. */
function icalText(value: string): string {
  return value
    .replace(CONTROL, "")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n?|\n/g, "\\n");
}

function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + (start === 0 ? 75 : 74), bytes.length);
    // Never cut a UTF-8 character in two.
    while (end < bytes.length && (bytes[end] & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString("utf8"));
    start = end;
  }
  return parts.join("\r\n ");
}

const icalDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

export type TCalendarEvent = Pick<
  typeof events.$inferSelect,
  "id" | "title" | "description" | "location" | "startTime" | "endTime" | "updatedAt"
> & { recurrence?: string | null };
export type TCalendarChange = typeof eventOccurrenceChanges.$inferSelect;

/** Years a VTIMEZONE covers past now: calendar apps expand a rule that far ahead with our offsets. */
const ZONE_YEARS_AHEAD = 10;

/**
 * An iCalendar (RFC 5545) document, text escaped and lines folded. A single event is one VEVENT in
 * UTC. A repeating event is written in the church's zone (DTSTART;TZID= with a VTIMEZONE, so its
 * wall-clock time holds across daylight-saving changes) with its RRULE; a cancelled occurrence is an
 * EXDATE and a changed one a VEVENT of its own with RECURRENCE-ID. The church's feed and a single
 * event's "Add to my calendar" file both come from here.
 */
export function writeCalendar(
  cal: { name: string; timeZone: string; publicUrl: string; now?: Date },
  rows: TCalendarEvent[],
  eventUrl: (e: TCalendarEvent) => string,
  changes: TCalendarChange[] = [],
): string {
  const now = cal.now ?? new Date();
  const host = new URL(cal.publicUrl).host;
  const tz = cal.timeZone;
  const local = (d: Date) => {
    const p = getZonedParts(d, tz);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${p.year}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
  };
  const repeating = rows.filter((e) => e.recurrence);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Fellowship//Church Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${icalText(cal.name)}`,
    `X-WR-TIMEZONE:${cal.timeZone}`,
  ];
  if (repeating.length > 0) {
    const fromYear = Math.min(...repeating.map((e) => e.startTime.getUTCFullYear())) - 1;
    lines.push(...writeVTimezone(tz, fromYear, now.getUTCFullYear() + ZONE_YEARS_AHEAD));
  }
  const vevent = (
    e: TCalendarEvent,
    v: { start: Date; end: Date; title: string; description: string; location: string; updatedAt: Date },
    extra: string[],
    isZoned: boolean,
  ) =>
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.id}@${host}`,
      `DTSTAMP:${icalDate(now)}`,
      `LAST-MODIFIED:${icalDate(v.updatedAt)}`,
      isZoned ? `DTSTART;TZID=${tz}:${local(v.start)}` : `DTSTART:${icalDate(v.start)}`,
      isZoned ? `DTEND;TZID=${tz}:${local(v.end)}` : `DTEND:${icalDate(v.end)}`,
      ...extra,
      `SUMMARY:${icalText(v.title)}`,
      ...(v.description ? [`DESCRIPTION:${icalText(v.description)}`] : []),
      `LOCATION:${icalText(v.location)}`,
      `URL:${eventUrl(e)}`,
      "END:VEVENT",
    );
  for (const e of rows) {
    const base = { start: e.startTime, end: e.endTime, title: e.title, description: e.description };
    const own = { ...base, location: e.location, updatedAt: e.updatedAt };
    if (!e.recurrence) {
      vevent(e, own, [], false);
      continue;
    }
    const mine = changes.filter((c) => c.eventId === e.id);
    const cancelled = mine.filter((c) => c.isCancelled).map((c) => `EXDATE;TZID=${tz}:${local(c.occurrenceStart)}`);
    vevent(e, own, [`RRULE:${e.recurrence}`, ...cancelled], true);
    const durationMs = e.endTime.getTime() - e.startTime.getTime();
    for (const c of mine.filter((x) => !x.isCancelled)) {
      vevent(
        e,
        {
          start: c.startTime ?? c.occurrenceStart,
          end: c.endTime ?? new Date(c.occurrenceStart.getTime() + durationMs),
          title: c.title ?? e.title,
          description: c.description ?? e.description,
          location: c.location ?? e.location,
          updatedAt: c.updatedAt,
        },
        [`RECURRENCE-ID;TZID=${tz}:${local(c.occurrenceStart)}`],
        true,
      );
    }
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
