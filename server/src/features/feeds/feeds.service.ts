import type { TFeeds } from "@common/feeds";
import { getZonedParts } from "@common/time";
import { asc, desc, eq, isNotNull } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { churches } from "../../db/schema/churches";
import { eventOccurrenceChanges, events } from "../../db/schema/events";
import { sermons } from "../../db/schema/sermons";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { writeVTimezone } from "./vtimezone";

const FEED_ITEMS = 300;

const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
// Control characters are not allowed in XML 1.0 or iCalendar text: drop them from stored text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const escapeXml = (s: string) => s.replace(CONTROL, "").replace(/[&<>"']/g, (c) => XML_ENTITIES[c]);

export async function getFeedUrls(ctx: TChurchCtx, publicUrl: string): Promise<TFeeds> {
  const [church] = await ctx.db
    .select({ feedToken: churches.feedToken })
    .from(churches)
    .where(eq(churches.id, ctx.churchId));
  return {
    podcastUrl: `${publicUrl}/api/feeds/${church.feedToken}/podcast.xml`,
    calendarUrl: `${publicUrl}/api/feeds/${church.feedToken}/events.ics`,
  };
}

async function findChurchByFeedToken(db: TDb, token: string) {
  const [church] = await db.select().from(churches).where(eq(churches.feedToken, token));
  if (!church) throw notFound("Feed not found");
  return church;
}

const AUDIO_TYPES: Record<string, string> = {
  mp3: "audio/mpeg",
  m4a: "audio/x-m4a",
  aac: "audio/aac",
  ogg: "audio/ogg",
  wav: "audio/wav",
  mp4: "audio/mp4",
};

function audioType(url: string): string {
  const ext = /\.(\w+)(?:$|[?#])/.exec(url)?.[1]?.toLowerCase() ?? "";
  return AUDIO_TYPES[ext] ?? "audio/mpeg";
}

function absolute(url: string, publicUrl: string): string {
  return url.startsWith("/") ? `${publicUrl}${url}` : url;
}

/** A podcast RSS 2.0 feed of the church's published sermons that have audio, with iTunes tags. */
export async function renderPodcast(db: TDb, token: string, publicUrl: string): Promise<string> {
  const church = await findChurchByFeedToken(db, token);
  const rows = await db
    .select()
    .from(sermons)
    .where(inChurch(sermons, { churchId: church.id }, eq(sermons.isDraft, false), isNotNull(sermons.audioUrl)))
    .orderBy(desc(sermons.date), desc(sermons.createdAt))
    .limit(FEED_ITEMS);
  const self = `${publicUrl}/api/feeds/${token}/podcast.xml`;
  const title = `${church.name} Sermons`;
  const logo = church.logoUrl ? absolute(church.logoUrl, publicUrl) : `${publicUrl}/icons/icon-512.png`;
  const items = rows.map((s) => {
    const description = s.description ?? `${s.title}, by ${s.speaker}`;
    const duration = s.duration ? `<itunes:duration>${s.duration * 60}</itunes:duration>` : "";
    return `<item>
<title>${escapeXml(s.title)}</title>
<itunes:author>${escapeXml(s.speaker)}</itunes:author>
<description>${escapeXml(description)}</description>
<itunes:summary>${escapeXml(description)}</itunes:summary>
<pubDate>${new Date(`${s.date}T12:00:00Z`).toUTCString()}</pubDate>
<guid isPermaLink="false">${s.id}</guid>
<link>${escapeXml(`${publicUrl}/sermons/${s.id}`)}</link>
<enclosure url="${escapeXml(s.audioUrl as string)}" type="${audioType(s.audioUrl as string)}" length="0"/>
${duration}<itunes:episodeType>full</itunes:episodeType>${s.series ? `\n<itunes:keywords>${escapeXml([s.series, ...s.tags].join(","))}</itunes:keywords>` : ""}
</item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${escapeXml(title)}</title>
<link>${escapeXml(`${publicUrl}/sermons`)}</link>
<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>
<description>${escapeXml(`Sermons from ${church.name}`)}</description>
<language>en-us</language>
<itunes:author>${escapeXml(church.name)}</itunes:author>
<itunes:owner><itunes:name>${escapeXml(church.name)}</itunes:name>${church.email ? `<itunes:email>${escapeXml(church.email)}</itunes:email>` : ""}</itunes:owner>
<itunes:image href="${escapeXml(logo)}"/>
<image><url>${escapeXml(logo)}</url><title>${escapeXml(title)}</title><link>${escapeXml(`${publicUrl}/sermons`)}</link></image>
<itunes:category text="Religion &amp; Spirituality"><itunes:category text="Christianity"/></itunes:category>
<itunes:explicit>false</itunes:explicit>
<itunes:type>episodic</itunes:type>
${items.join("\n")}
</channel>
</rss>
`;
}

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

type TCalendarEvent = Pick<
  typeof events.$inferSelect,
  "id" | "title" | "description" | "location" | "startTime" | "endTime" | "updatedAt"
> & { recurrence?: string | null };
type TCalendarChange = typeof eventOccurrenceChanges.$inferSelect;

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

/** An iCalendar (RFC 5545) feed of the church's events, for calendar apps to subscribe to. */
export async function renderCalendar(db: TDb, token: string, publicUrl: string, now = new Date()): Promise<string> {
  const church = await findChurchByFeedToken(db, token);
  const rows = await db
    .select()
    .from(events)
    .where(inChurch(events, { churchId: church.id }))
    .orderBy(asc(events.startTime))
    .limit(1000);
  const changes = await db
    .select()
    .from(eventOccurrenceChanges)
    .where(inChurch(eventOccurrenceChanges, { churchId: church.id }));
  return writeCalendar(
    { name: `${church.name} Events`, timeZone: church.timeZone, publicUrl, now },
    rows,
    (e) => `${publicUrl}/events/${e.id}`,
    changes,
  );
}
