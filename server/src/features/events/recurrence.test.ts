import { ZEvent } from "@common/events";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import {
  addMember,
  createChurch,
  createEvent,
  eventBody,
  setTimeZone,
  type TTestChurch,
} from "../../../test/factories";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const DAY = 86_400_000;
/** A whole hour `days` from now: RSVPs need occurrences that have not ended. */
const inDays = (days: number) => new Date(Math.ceil((Date.now() + days * DAY) / 3_600_000) * 3_600_000);
const plus = (d: Date, ms: number) => new Date(d.getTime() + ms).toISOString();
const q = (o: string) => `occurrenceStart=${encodeURIComponent(o)}`;

async function windowOf(who: Caller, from: string, to: string) {
  const res = await who.get(`/api/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as unknown[]).map((e) => ZEvent.parse(e));
}

/** A weekly event starting in two days (the church is in UTC unless set), and its next occurrences. */
async function weekly(c: TTestChurch, over: Record<string, unknown> = {}) {
  const start = inDays(2);
  const e = await createEvent(c.admin, {
    title: "Sunday Service",
    startTime: start.toISOString(),
    endTime: plus(start, 90 * 60_000),
    recurrence: "FREQ=WEEKLY",
    ...over,
  });
  return { e, first: start.toISOString(), second: plus(start, 7 * DAY), third: plus(start, 14 * DAY) };
}

describe("occurrences across daylight-saving changes", () => {
  it("America/New_York: a 10:00 Sunday service stays 10:00 local in March and November", async () => {
    const c = await createChurch(t.app);
    await setTimeZone(c, "America/New_York");
    await createEvent(c.admin, {
      title: "Morning Worship",
      startTime: "2026-03-01T15:00:00.000Z",
      endTime: "2026-03-01T16:30:00.000Z",
      recurrence: "RRULE:FREQ=WEEKLY;BYDAY=SU",
    });
    const march = await windowOf(c.admin, "2026-03-01", "2026-03-15");
    expect(march.map((e) => e.startTime)).toEqual([
      "2026-03-01T15:00:00.000Z",
      "2026-03-08T14:00:00.000Z",
      "2026-03-15T14:00:00.000Z",
    ]);
    expect(march.map((e) => e.endTime)).toEqual([
      "2026-03-01T16:30:00.000Z",
      "2026-03-08T15:30:00.000Z",
      "2026-03-15T15:30:00.000Z",
    ]);
    expect(march.every((e) => e.occurrenceStart === e.startTime && e.recurrence === "FREQ=WEEKLY;BYDAY=SU")).toBe(true);
    const november = await windowOf(c.admin, "2026-10-25", "2026-11-08");
    expect(november.map((e) => e.startTime)).toEqual([
      "2026-10-25T14:00:00.000Z",
      "2026-11-01T15:00:00.000Z",
      "2026-11-08T15:00:00.000Z",
    ]);
  });

  it("Europe/London: 10:00 GMT, then 10:00 BST an hour earlier in UTC", async () => {
    const c = await createChurch(t.app);
    await setTimeZone(c, "Europe/London");
    await createEvent(c.admin, {
      startTime: "2026-03-22T10:00:00.000Z",
      endTime: "2026-03-22T11:00:00.000Z",
      recurrence: "FREQ=WEEKLY;BYDAY=SU",
    });
    const list = await windowOf(c.admin, "2026-03-20T00:00:00Z", "2026-04-06T00:00:00Z");
    expect(list.map((e) => e.startTime)).toEqual([
      "2026-03-22T10:00:00.000Z",
      "2026-03-29T09:00:00.000Z",
      "2026-04-05T09:00:00.000Z",
    ]);
  });

  it("monthly on the first Sunday, in the church's zone", async () => {
    const c = await createChurch(t.app);
    await setTimeZone(c, "America/Chicago");
    // Sunday January 4, 2026, 18:00 CST.
    await createEvent(c.admin, {
      title: "Evening Praise",
      startTime: "2026-01-05T00:00:00.000Z",
      endTime: "2026-01-05T01:00:00.000Z",
      recurrence: "FREQ=MONTHLY;BYDAY=1SU",
    });
    const list = await windowOf(c.admin, "2026-01-01", "2026-05-31");
    expect(list.map((e) => e.startTime)).toEqual([
      "2026-01-05T00:00:00.000Z",
      "2026-02-02T00:00:00.000Z",
      "2026-03-02T00:00:00.000Z",
      "2026-04-05T23:00:00.000Z",
      "2026-05-03T23:00:00.000Z",
    ]);
  });
});

describe("the window (GET /api/events?from=&to=)", () => {
  it("keeps single events with occurrenceStart at their start, bounds the window and needs both edges", async () => {
    const c = await createChurch(t.app);
    const one = await createEvent(c.admin, { title: "Picnic" });
    const { e } = await weekly(c);
    const list = await windowOf(c.admin, new Date().toISOString(), plus(new Date(), 30 * DAY));
    const picnic = list.find((x) => x.id === one.id);
    expect(picnic?.occurrenceStart).toBe(one.startTime);
    expect(list.filter((x) => x.id === e.id)).toHaveLength(4);
    // The list without a window keeps one item per event, a repeating one at its first start.
    const all = (await c.admin.get("/api/events")).body as { id: string; startTime: string }[];
    expect(all.map((x) => x.id).sort()).toEqual([one.id, e.id].sort());

    const bad = async (query: string, message: RegExp) => {
      const res = await c.admin.get(`/api/events?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toMatch(message);
    };
    await bad("from=2026-01-01&to=2027-06-01", /at most 366 days/);
    await bad("from=2026-01-01", /both from and to/);
    await bad("from=2026-03-01&to=2026-02-01", /after from/);
    await bad("from=yesterday&to=2026-02-01", /ISO date/);
  });

  it("upcoming=true answers each event once at its next date, so a weekly service does not fill the dashboards", async () => {
    const c = await createChurch(t.app);
    const { e, first } = await weekly(c);
    // A supper between the first and second Sunday, a weekly prayer whose first date is over (its
    // next is in six days), and a picnic long over.
    const supper = await createEvent(c.admin, {
      title: "Harvest Supper",
      startTime: plus(new Date(first), 3 * DAY),
      endTime: plus(new Date(first), 3 * DAY + 2 * 3_600_000),
    });
    const prayerStart = inDays(-1);
    const prayer = await createEvent(c.admin, {
      title: "Midweek Prayer",
      startTime: prayerStart.toISOString(),
      endTime: plus(prayerStart, 3_600_000),
      recurrence: "FREQ=WEEKLY",
    });
    await createEvent(c.admin, {
      title: "Old Picnic",
      startTime: plus(new Date(), -9 * DAY),
      endTime: plus(new Date(), -8 * DAY),
    });
    const res = await c.admin.get("/api/events?upcoming=true&limit=3");
    expect(res.body.map((x: { id: string; occurrenceStart: string }) => [x.id, x.occurrenceStart])).toEqual([
      [e.id, first],
      [supper.id, plus(new Date(first), 3 * DAY)],
      [prayer.id, plus(prayerStart, 7 * DAY)],
    ]);
    expect((await c.admin.get("/api/events?upcoming=true&limit=1")).body).toHaveLength(1);
    expect((await c.admin.get("/api/admin/stats")).body.upcomingEvents).toBe(3);
  });

  it("answers 400 when a window holds too many occurrences", async () => {
    const c = await createChurch(t.app);
    const start = inDays(1);
    // Seven weekly events on every day of the week: 7 × 7 = 49 a week, over 2000 in a year.
    for (let i = 0; i < 7; i++) {
      await createEvent(c.admin, {
        startTime: start.toISOString(),
        endTime: plus(start, 3_600_000),
        recurrence: "FREQ=WEEKLY;BYDAY=SU,MO,TU,WE,TH,FR,SA",
      });
    }
    const res = await c.admin.get(`/api/events?from=${start.toISOString()}&to=${plus(start, 300 * DAY)}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/more than 2000 events/);
    expect((await c.admin.get(`/api/events?from=${start.toISOString()}&to=${plus(start, 30 * DAY)}`)).status).toBe(200);
  });
});

describe("invalid rules", () => {
  it("answer 400 with a sentence and store nothing", async () => {
    const c = await createChurch(t.app);
    const cases: [unknown, RegExp][] = [
      ["FREQ=DAILY", /weekly or monthly only/],
      ["FREQ=YEARLY", /weekly or monthly only/],
      ["FREQ=WEEKLY;BYHOUR=10", /BYHOUR is not supported/],
      ["FREQ=WEEKLY;COUNT=2;UNTIL=20270101", /not both/],
      ["FREQ=WEEKLY;BYDAY=1SU", /plain weekdays/],
      ["BYDAY=SU", /needs FREQ/],
      [42, /must be text/],
    ];
    for (const [recurrence, message] of cases) {
      const res = await c.admin.post("/api/events", eventBody({ recurrence }));
      expect(res.status, String(recurrence)).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(res.body.errors.map((x: { path: string }) => x.path)).toContain("recurrence");
    }
    expect((await c.admin.get("/api/events")).body).toEqual([]);
  });
});

describe("RSVP and check-in per occurrence", () => {
  it("an RSVP to one occurrence does not count for the next; attendees are per occurrence", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c, "CONGREGANT", "Ruth");
    const boaz = await addMember(t.app, c, "CONGREGANT", "Boaz");
    const { e, first, second } = await weekly(c);

    // A repeating event's RSVP must name its occurrence, and a real one.
    const missing = await ruth.post(`/api/events/${e.id}/rsvp`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/occurrenceStart is required/);
    const wrong = await ruth.post(`/api/events/${e.id}/rsvp`, { occurrenceStart: plus(new Date(second), 3_600_000) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/not an occurrence/);

    const going = await ruth.post(`/api/events/${e.id}/rsvp`, { occurrenceStart: second });
    expect(going.status).toBe(200);
    expect(going.body).toMatchObject({ occurrenceStart: second, startTime: second, isGoing: true, rsvpCount: 1 });
    expect((await boaz.post(`/api/events/${e.id}/rsvp?${q(second)}`)).body.rsvpCount).toBe(2);

    const list = await windowOf(ruth, first, plus(new Date(second), DAY));
    expect(list.map((x) => [x.occurrenceStart, x.rsvpCount, x.isGoing])).toEqual([
      [first, 0, false],
      [second, 2, true],
    ]);
    expect((await ruth.get(`/api/events/${e.id}?${q(first)}`)).body).toMatchObject({ isGoing: false, rsvpCount: 0 });
    expect((await ruth.get(`/api/events/${e.id}?${q(second)}`)).body).toMatchObject({ isGoing: true, rsvpCount: 2 });
    expect((await ruth.get(`/api/events/${e.id}/attendees?${q(first)}`)).body).toEqual([]);
    expect(
      (await ruth.get(`/api/events/${e.id}/attendees?${q(second)}`)).body.map((a: { name: string }) => a.name),
    ).toEqual(["Boaz U.", "Ruth U."]);

    // Not going any more, to that occurrence only.
    const off = await ruth.delete(`/api/events/${e.id}/rsvp?${q(second)}`);
    expect(off.body).toMatchObject({ isGoing: false, rsvpCount: 1 });
  });

  it("check-in is per occurrence: checking in to this week's does not check in to next week's", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c, "CONGREGANT", "Ruth");
    // Started 10 minutes ago, weekly: this week's is open for check-in.
    const start = new Date(Math.floor((Date.now() - 10 * 60_000) / 60_000) * 60_000);
    const e = await createEvent(c.admin, {
      startTime: start.toISOString(),
      endTime: plus(start, 3_600_000),
      recurrence: "FREQ=WEEKLY",
    });
    const now = start.toISOString();
    const next = plus(start, 7 * DAY);
    expect((await ruth.post(`/api/events/${e.id}/check-in`)).status).toBe(400);
    const done = await ruth.post(`/api/events/${e.id}/check-in`, { occurrenceStart: now });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ isCheckedIn: true, occurrenceStart: now });
    expect((await ruth.get(`/api/events/${e.id}?${q(next)}`)).body.isCheckedIn).toBe(false);
    // Next week's has not opened yet.
    expect((await ruth.post(`/api/events/${e.id}/check-in?${q(next)}`)).status).toBe(409);
    // Without an occurrence, the event answers the one not ended: this week's.
    expect((await ruth.get(`/api/events/${e.id}`)).body).toMatchObject({ occurrenceStart: now, isCheckedIn: true });
  });
});

describe("editing a repeating event", () => {
  it("edit one: that occurrence moves and is retitled, the others stay", async () => {
    const c = await createChurch(t.app);
    const { e, first, second, third } = await weekly(c);
    const moved = plus(new Date(second), 3_600_000);
    const res = await c.admin.put(
      `/api/events/${e.id}`,
      eventBody({
        title: "Baptism Sunday",
        startTime: moved,
        endTime: plus(new Date(moved), 2 * 3_600_000),
        scope: "one",
        occurrenceStart: second,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ title: "Baptism Sunday", startTime: moved, occurrenceStart: second });
    const list = await windowOf(c.admin, first, plus(new Date(third), DAY));
    expect(list.map((x) => [x.title, x.startTime, x.occurrenceStart])).toEqual([
      ["Sunday Service", first, first],
      ["Baptism Sunday", moved, second],
      ["Sunday Service", third, third],
    ]);
    // "one" needs the occurrence.
    const bad = await c.admin.put(`/api/events/${e.id}`, eventBody({ scope: "one" }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/needs occurrenceStart/);
  });

  it("cancel one: the occurrence leaves the list and takes no RSVP; the feed writes it as an EXDATE", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const { e, first, second, third } = await weekly(c);
    expect((await m.delete(`/api/events/${e.id}?${q(second)}`)).status).toBe(403);
    expect((await c.admin.delete(`/api/events/${e.id}?${q(plus(new Date(second), 60_000))}`)).status).toBe(400);
    expect((await c.admin.delete(`/api/events/${e.id}?${q(second)}`)).status).toBe(204);
    const list = await windowOf(m, first, plus(new Date(third), DAY));
    expect(list.map((x) => x.occurrenceStart)).toEqual([first, third]);
    const rsvp = await m.post(`/api/events/${e.id}/rsvp`, { occurrenceStart: second });
    expect(rsvp.status).toBe(404);
    expect(rsvp.body.message).toMatch(/cancelled/);
    // A single event cannot lose "one occurrence".
    const single = await createEvent(c.admin);
    expect((await c.admin.delete(`/api/events/${single.id}?${q(single.startTime)}`)).status).toBe(400);
  });

  it("edit following: the old series ends before, a new event carries the rest with its RSVPs", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c, "CONGREGANT", "Ruth");
    const { e, first, second, third } = await weekly(c, { recurrence: "FREQ=WEEKLY;COUNT=10" });
    await ruth.post(`/api/events/${e.id}/rsvp`, { occurrenceStart: first });
    await ruth.post(`/api/events/${e.id}/rsvp`, { occurrenceStart: third });
    // From the second occurrence on: an hour later, in the chapel.
    const later = plus(new Date(second), 3_600_000);
    const res = await c.admin.put(
      `/api/events/${e.id}`,
      eventBody({
        title: "Sunday Service",
        location: "Chapel",
        startTime: later,
        endTime: plus(new Date(later), 90 * 60_000),
        scope: "following",
        occurrenceStart: second,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const created = res.body.id as string;
    expect(created).not.toBe(e.id);
    expect(res.body).toMatchObject({ startTime: later, location: "Chapel", recurrence: "FREQ=WEEKLY;COUNT=9" });
    const old = (await c.admin.get(`/api/events/${e.id}?${q(first)}`)).body;
    expect(old.recurrence).toBe("FREQ=WEEKLY;COUNT=1");
    const list = await windowOf(ruth, first, plus(new Date(third), 2 * DAY));
    const thirdLater = plus(new Date(third), 3_600_000);
    expect(list.map((x) => [x.id, x.startTime, x.location, x.isGoing])).toEqual([
      [e.id, first, "Fellowship Hall", true],
      [created, later, "Chapel", false],
      [created, thirdLater, "Chapel", true],
    ]);
    expect((await ruth.get(`/api/events/${created}/attendees?${q(thirdLater)}`)).body).toHaveLength(1);
  });

  it("edit all from an occurrence moves the series by as much, and keeps the rule when none is sent", async () => {
    const c = await createChurch(t.app);
    const { e, first, second } = await weekly(c);
    const later = plus(new Date(second), 30 * 60_000);
    const res = await c.admin.put(
      `/api/events/${e.id}`,
      eventBody({ startTime: later, endTime: plus(new Date(later), 3_600_000), occurrenceStart: second }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = await windowOf(c.admin, first, plus(new Date(second), DAY));
    expect(list.map((x) => x.startTime)).toEqual([plus(new Date(first), 30 * 60_000), later]);
    expect(list[0].recurrence).toBe("FREQ=WEEKLY");
    // recurrence null: it happens once.
    await c.admin.put(
      `/api/events/${e.id}`,
      eventBody({ startTime: first, endTime: plus(new Date(first), 3_600_000), recurrence: null }),
    );
    expect((await windowOf(c.admin, first, plus(new Date(second), DAY))).map((x) => x.startTime)).toEqual([first]);
  });
});

describe("churches and roles", () => {
  it("another church gets 404 on each endpoint with an occurrence; members cannot change or cancel", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const m = await addMember(t.app, a);
    const { e, second } = await weekly(a);
    expect((await windowOf(b.admin, second, plus(new Date(second), DAY))).map((x) => x.id)).toEqual([]);
    const calls: [string, () => Promise<{ status: number }>][] = [
      ["get", () => b.admin.get(`/api/events/${e.id}?${q(second)}`)],
      ["attendees", () => b.admin.get(`/api/events/${e.id}/attendees?${q(second)}`)],
      ["rsvp", () => b.admin.post(`/api/events/${e.id}/rsvp`, { occurrenceStart: second })],
      ["un-rsvp", () => b.admin.delete(`/api/events/${e.id}/rsvp?${q(second)}`)],
      ["check-in", () => b.admin.post(`/api/events/${e.id}/check-in`, { occurrenceStart: second })],
      ["cancel one", () => b.admin.delete(`/api/events/${e.id}?${q(second)}`)],
      ["calendar", () => b.admin.get(`/api/events/${e.id}/calendar.ics`)],
      ["edit one", () => b.admin.put(`/api/events/${e.id}`, eventBody({ scope: "one", occurrenceStart: second }))],
      [
        "edit following",
        () => b.admin.put(`/api/events/${e.id}`, eventBody({ scope: "following", occurrenceStart: second })),
      ],
    ];
    for (const [name, call] of calls) expect((await call()).status, name).toBe(404);
    for (const scope of ["one", "following", "all"]) {
      const res = await m.put(`/api/events/${e.id}`, eventBody({ scope, occurrenceStart: second }));
      expect(res.status, scope).toBe(403);
    }
    expect((await m.post("/api/events", eventBody({ recurrence: "FREQ=WEEKLY" }))).status).toBe(403);
    expect((await new Caller(t.app).get(`/api/events?from=${second}&to=${plus(new Date(second), DAY)}`)).status).toBe(
      401,
    );
    // Nothing changed in church A.
    expect((await m.get(`/api/events/${e.id}?${q(second)}`)).body).toMatchObject({ title: "Sunday Service" });
  });
});

describe("the iCal feed and the event's calendar file", () => {
  it("carry the rule in the church's zone: a real parser expands the same occurrences, with EXDATE and RECURRENCE-ID", async () => {
    const c = await createChurch(t.app);
    await setTimeZone(c, "America/New_York");
    const e = await createEvent(c.admin, {
      title: "Morning Worship",
      startTime: "2026-10-18T14:00:00.000Z",
      endTime: "2026-10-18T15:00:00.000Z",
      recurrence: "FREQ=WEEKLY;BYDAY=SU;UNTIL=20261122",
    });
    await c.admin.delete(`/api/events/${e.id}?${q("2026-11-01T15:00:00.000Z")}`);
    const moved = await c.admin.put(
      `/api/events/${e.id}`,
      eventBody({
        title: "Harvest Sunday",
        startTime: "2026-11-08T16:00:00.000Z",
        endTime: "2026-11-08T17:00:00.000Z",
        scope: "one",
        occurrenceStart: "2026-11-08T15:00:00.000Z",
      }),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const ours = await windowOf(c.admin, "2026-10-01", "2026-12-31");

    const { calendarUrl } = (await c.admin.get("/api/admin/feeds")).body;
    const feed = await t.app.inject({ url: new URL(calendarUrl).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toMatch(/DTSTART;TZID=America\/New_York:20261018T100000/);
    expect(feed.body).toMatch(/RRULE:FREQ=WEEKLY;BYDAY=SU;UNTIL=\d{8}T\d{6}Z/);
    expect(feed.body).toMatch(/EXDATE;TZID=America\/New_York:20261101T100000/);
    expect(feed.body).toMatch(/RECURRENCE-ID;TZID=America\/New_York:20261108T100000/);

    const expandWithIcal = (text: string) => {
      const cal = new ICAL.Component(ICAL.parse(text));
      for (const tz of cal.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
      const vevents = cal.getAllSubcomponents("vevent");
      const master = new ICAL.Event(vevents.find((v) => !v.hasProperty("recurrence-id")));
      for (const v of vevents.filter((x) => x.hasProperty("recurrence-id"))) master.relateException(v);
      const out: [string, string][] = [];
      const it = master.iterator();
      for (let next = it.next(); next; next = it.next()) {
        const d = master.getOccurrenceDetails(next);
        out.push([d.startDate.toJSDate().toISOString(), d.item.summary]);
      }
      return out;
    };
    const expected = ours.map((x) => [x.startTime, x.title]);
    expect(expected).toEqual([
      ["2026-10-18T14:00:00.000Z", "Morning Worship"],
      ["2026-10-25T14:00:00.000Z", "Morning Worship"],
      ["2026-11-08T16:00:00.000Z", "Harvest Sunday"],
      ["2026-11-15T15:00:00.000Z", "Morning Worship"],
      ["2026-11-22T15:00:00.000Z", "Morning Worship"],
    ]);
    expect(expandWithIcal(feed.body)).toEqual(expected);

    // The event's own "Add to my calendar" file carries the rule too.
    const file = await c.admin.get(`/api/events/${e.id}/calendar.ics`);
    expect(file.status).toBe(200);
    expect(expandWithIcal(file.body)).toEqual(expected);
  });
});

describe("service times on the public page", () => {
  it("lists published repeating events marked as services, in words in the church's zone", async () => {
    const c = await createChurch(t.app);
    await setTimeZone(c, "America/New_York");
    const settings = (await c.admin.get("/api/admin/church/settings")).body;
    expect((await c.admin.put("/api/admin/church/settings", { ...settings, publicPage: true })).status).toBe(200);
    await createEvent(c.admin, {
      title: "Sunday Worship",
      startTime: "2026-03-01T15:00:00.000Z",
      endTime: "2026-03-01T16:00:00.000Z",
      recurrence: "FREQ=WEEKLY;BYDAY=SU",
      isService: true,
    });
    await createEvent(c.admin, {
      title: "Evening Praise",
      startTime: "2026-03-01T23:00:00.000Z",
      endTime: "2026-03-02T00:00:00.000Z",
      recurrence: "FREQ=MONTHLY;BYDAY=1SU",
      isService: true,
    });
    // Not a service, and a service whose series is over: neither is listed.
    await createEvent(c.admin, { title: "Choir", recurrence: "FREQ=WEEKLY" });
    await createEvent(c.admin, {
      title: "Old Vespers",
      startTime: "2025-01-05T23:00:00.000Z",
      endTime: "2025-01-06T00:00:00.000Z",
      recurrence: "FREQ=WEEKLY;COUNT=2",
      isService: true,
    });
    const page = await new Caller(t.app).get(`/api/public/churches/${settings.slug}`);
    expect(page.status).toBe(200);
    const services = page.body.services as { title: string; when: string; startTime: string }[];
    expect(services.map((s) => s.when).sort()).toEqual(["First Sunday of the month at 6:00 PM", "Sundays at 10:00 AM"]);
    expect(services.every((s) => Date.parse(s.startTime) > Date.now() - DAY)).toBe(true);
    expect(services.map((s) => s.title)).not.toContain("Choir");
    // Upcoming events leave the services to their own section (else every Sunday would fill it);
    // the weekly choir, not a service, is there by its dates.
    const upcoming = page.body.events.map((x: { title: string }) => x.title);
    expect(upcoming).not.toContain("Sunday Worship");
    expect(upcoming).not.toContain("Evening Praise");
    expect(upcoming.filter((x: string) => x === "Choir").length).toBeGreaterThan(1);
  });
});
