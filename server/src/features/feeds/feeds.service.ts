import type { TFeeds } from "@common/feeds";
import { resolveLanguage } from "@common/i18n/locales";
import type en from "@common/locales/en/feeds.json";
import { asc, desc, eq, isNotNull } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { churches } from "../../db/schema/churches";
import { eventOccurrenceChanges, events } from "../../db/schema/events";
import { sermons } from "../../db/schema/sermons";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { serverCatalog } from "../../lib/i18n";
import { writeCalendar } from "../../lib/icalendar";

/** The feeds' fixed words, in the church's default language (a feed reader has no account), else English. */
const feedWords = serverCatalog<typeof en>("feeds");
const churchLanguage = (church: { defaultLanguage: string | null }) =>
  resolveLanguage(null, church.defaultLanguage, null);

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
  const language = churchLanguage(church);
  const t = feedWords(language);
  const title = t("podcast.title", { church: church.name });
  const logo = church.logoUrl ? absolute(church.logoUrl, publicUrl) : `${publicUrl}/icons/icon-512.png`;
  const items = rows.map((s) => {
    const description = s.description ?? t("podcast.item", { title: s.title, speaker: s.speaker });
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
<description>${escapeXml(t("podcast.description", { church: church.name }))}</description>
<language>${language === "en" ? "en-us" : language.toLowerCase()}</language>
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
    {
      name: feedWords(churchLanguage(church))("calendar.name", { church: church.name }),
      timeZone: church.timeZone,
      publicUrl,
      now,
    },
    rows,
    (e) => `${publicUrl}/events/${e.id}`,
    changes,
  );
}
