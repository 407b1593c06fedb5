import { XMLParser } from "fast-xml-parser";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createEvent, createSermon } from "../../../test/factories";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("public feeds", () => {
  it("the podcast feed lists only sermons with audio, with enclosure, duration and iTunes tags, valid XML", async () => {
    const c = await createChurch(t.app, "St Luke's & Co");
    await createSermon(c.admin, {
      title: "Audio <One>",
      audioUrl: "https://cdn.example.org/one.mp3",
      duration: 62,
      date: "2026-11-01",
      speaker: "Ann",
    });
    await createSermon(c.admin, { title: "Video only", videoUrl: "https://youtu.be/abc", audioUrl: null });
    // A stray control character in stored text must not break the whole feed.
    await createSermon(c.admin, {
      title: "Grace\u0001 abounds",
      audioUrl: "https://cdn.example.org/two.m4a",
      date: "2026-10-01",
    });
    const feeds = await c.admin.get("/api/admin/feeds");
    expect(feeds.status).toBe(200);
    expect(feeds.body.podcastUrl).toMatch(/^http:\/\/fellowship\.test\/api\/feeds\/[0-9a-f]{64}\/podcast\.xml$/);
    const res = await t.app.inject({ url: new URL(feeds.body.podcastUrl).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/rss+xml");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for control characters.
    expect(res.body).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(res.body);
    const channel = xml.rss.channel;
    expect(channel.title).toBe("St Luke's & Co Sermons");
    expect(channel["itunes:image"]["@href"]).toBe("http://fellowship.test/icons/icon-512.png");
    const items = [channel.item].flat();
    expect(items).toHaveLength(2);
    expect(items[1]).toMatchObject({ title: "Grace abounds" });
    expect(items[1].enclosure["@type"]).toBe("audio/x-m4a");
    expect(items[0]).toMatchObject({ title: "Audio <One>", "itunes:author": "Ann", "itunes:duration": 3720 });
    expect(items[0].enclosure).toMatchObject({ "@url": "https://cdn.example.org/one.mp3", "@type": "audio/mpeg" });
    expect(new Date(items[0].pubDate).toISOString().slice(0, 10)).toBe("2026-11-01");
  });

  it("the calendar feed is valid iCalendar with each event's times, place and text", async () => {
    const c = await createChurch(t.app);
    const e = await createEvent(c.admin, {
      title: "Prayer, Praise; Picnic",
      description: "Bring food\nand friends",
      location: "Park",
    });
    const { calendarUrl } = (await c.admin.get("/api/admin/feeds")).body;
    const res = await t.app.inject({ url: new URL(calendarUrl).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/calendar");
    const cal = new ICAL.Component(ICAL.parse(res.body));
    const vevents = cal.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(vevents).toHaveLength(1);
    expect(vevents[0].summary).toBe("Prayer, Praise; Picnic");
    expect(vevents[0].description).toBe("Bring food\nand friends");
    expect(vevents[0].location).toBe("Park");
    const toSecond = (iso: string) => iso.replace(/\.\d{3}Z$/, ".000Z");
    expect(vevents[0].startDate.toJSDate().toISOString()).toBe(toSecond(e.startTime));
    expect(vevents[0].endDate.toJSDate().toISOString()).toBe(toSecond(e.endTime));
  });

  it("feeds are per church: an unknown token is 404, each church sees only its own; members get 403 for the addresses", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    await createSermon(a.admin, { title: "A's sermon", audioUrl: "https://cdn.example.org/a.mp3" });
    const fa = (await a.admin.get("/api/admin/feeds")).body;
    const fb = (await b.admin.get("/api/admin/feeds")).body;
    expect(fa.podcastUrl).not.toBe(fb.podcastUrl);
    const bFeed = await t.app.inject({ url: new URL(fb.podcastUrl).pathname });
    expect(bFeed.body).not.toContain("A's sermon");
    expect((await new Caller(t.app).get(`/api/feeds/${"0".repeat(64)}/podcast.xml`)).status).toBe(404);
    expect((await new Caller(t.app).get("/api/feeds/not-hex/events.ics")).status).toBe(404);
    const m = await addMember(t.app, a);
    expect((await m.get("/api/admin/feeds")).status).toBe(403);
  });
});
