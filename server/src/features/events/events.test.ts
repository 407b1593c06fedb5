import { getEventStatus } from "@common/event-helpers";
import { ZEvent } from "@common/events";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { afterFile } from "../../../test/after-file";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createEvent, eventBody } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { buildApp } from "../../app";
import { events } from "../../db/schema/events";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe("managing events (admin)", () => {
  it("creates, lists sorted by start, updates and deletes events", async () => {
    const c = await createChurch(t.app);
    const later = await createEvent(c.admin, { title: "Later", startTime: hours(48), endTime: hours(50) });
    const past = await createEvent(c.admin, { title: "Past", startTime: hours(-50), endTime: hours(-48) });
    const soon = await createEvent(c.admin, { title: "Soon", startTime: hours(2), endTime: hours(3) });
    const list = (await c.admin.get("/api/events")).body.map((e: unknown) => ZEvent.parse(e));
    expect(list.map((e: { title: string }) => e.title)).toEqual(["Past", "Soon", "Later"]);
    expect(list.map((e: { startTime: string; endTime: string }) => getEventStatus(e))).toEqual([
      "Past",
      "Upcoming",
      "Upcoming",
    ]);
    expect((await c.admin.get("/api/admin/stats")).body.upcomingEvents).toBe(2);
    // The activity line follows the event through the job queue.
    await drainJobs(t.app);
    expect((await c.admin.get("/api/admin/recent-activity")).body[0].description).toBe("New event: Soon");

    const updated = await c.admin.put(
      `/api/events/${soon.id}`,
      eventBody({ title: "Soon (moved)", location: "Chapel", startTime: hours(4), endTime: hours(5) }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: "Soon (moved)", location: "Chapel" });
    expect((await c.admin.delete(`/api/events/${later.id}`)).status).toBe(204);
    expect((await c.admin.get(`/api/events/${later.id}`)).status).toBe(404);
    expect((await c.admin.get(`/api/events/${past.id}`)).status).toBe(200);
  });

  it("refuses bad input with the spec's messages, and an end before the start, storing nothing", async () => {
    const c = await createChurch(t.app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: "" }, "title", "Title is required"],
      [{ description: " " }, "description", "Description is required"],
      [{ startTime: "" }, "startTime", "Start time is required"],
      [{ endTime: "" }, "endTime", "End time is required"],
      [{ location: "" }, "location", "Location is required"],
      [{ startTime: hours(5), endTime: hours(4) }, "endTime", "End time must be after the start time"],
      [{ startTime: "tomorrow", endTime: hours(4) }, "startTime", "Enter a valid date and time"],
      [
        { startTime: "2027-02-30T10:00:00.000Z", endTime: "2027-03-05T10:00:00.000Z" },
        "startTime",
        "Enter a valid date and time",
      ],
      [{ streamUrl: "rtmp://x" }, "streamUrl", "Please enter a valid URL"],
    ];
    for (const [over, path, message] of cases) {
      const res = await c.admin.post("/api/events", eventBody(over));
      expect(res.status, path).toBe(400);
      expect(
        res.body.errors.find((e: { path: string }) => e.path === path),
        path,
      ).toEqual({ path, message });
    }
    expect(await t.db.select().from(events).where(eq(events.churchId, c.church.id))).toHaveLength(0);
  });

  it("refuses members (403) and another church (404)", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const e = await createEvent(a.admin);
    for (const role of ["CONGREGANT", "GROUP_LEADER"] as const) {
      const m = await addMember(t.app, a, role);
      expect((await m.post("/api/events", eventBody())).status).toBe(403);
      expect((await m.put(`/api/events/${e.id}`, eventBody())).status).toBe(403);
      expect((await m.delete(`/api/events/${e.id}`)).status).toBe(403);
    }
    const bm = await addMember(t.app, b);
    expect((await b.admin.put(`/api/events/${e.id}`, eventBody({ title: "Taken" }))).status).toBe(404);
    expect((await b.admin.delete(`/api/events/${e.id}`)).status).toBe(404);
    expect((await bm.get(`/api/events/${e.id}`)).status).toBe(404);
    expect((await bm.post(`/api/events/${e.id}/rsvp`)).status).toBe(404);
    expect((await bm.post(`/api/events/${e.id}/check-in`)).status).toBe(404);
    expect((await bm.get("/api/events")).body).toEqual([]);
    expect((await new Caller(t.app).get("/api/events")).status).toBe(401);
    expect((await a.admin.get(`/api/events/${e.id}`)).body.title).toBe("Bible Study");
  });
});

describe("RSVP and check-in (members)", () => {
  it("RSVPs on and off, counting members going", async () => {
    const c = await createChurch(t.app);
    const m1 = await addMember(t.app, c);
    const m2 = await addMember(t.app, c);
    const e = await createEvent(c.admin);
    expect((await m1.post(`/api/events/${e.id}/rsvp`)).body).toMatchObject({ isGoing: true, rsvpCount: 1 });
    expect((await m2.post(`/api/events/${e.id}/rsvp`)).body).toMatchObject({ isGoing: true, rsvpCount: 2 });
    expect((await m1.post(`/api/events/${e.id}/rsvp`)).body.rsvpCount).toBe(2);
    expect((await m1.delete(`/api/events/${e.id}/rsvp`)).body).toMatchObject({ isGoing: false, rsvpCount: 1 });
    expect((await c.admin.get(`/api/events/${e.id}`)).body).toMatchObject({ isGoing: false, rsvpCount: 1 });
  });

  it("checks in only while the event is on (from 30 minutes before), and counts it as attended", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const future = await createEvent(c.admin, { startTime: hours(2), endTime: hours(3) });
    const now = await createEvent(c.admin, { startTime: hours(0.25), endTime: hours(1) });
    const over = await createEvent(c.admin, { startTime: hours(-3), endTime: hours(-2) });
    const early = await m.post(`/api/events/${future.id}/check-in`);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/30 minutes before/);
    expect((await m.post(`/api/events/${over.id}/check-in`)).status).toBe(409);
    expect((await m.post(`/api/events/${over.id}/rsvp`)).status).toBe(409);
    const ok = await m.post(`/api/events/${now.id}/check-in`);
    expect(ok.status).toBe(200);
    expect(ok.body.isCheckedIn).toBe(true);
    expect((await m.post(`/api/events/${now.id}/check-in`)).status).toBe(200);
    expect((await m.get("/api/user/stats")).body.eventsAttended).toBe(1);
  });
});

describe("GET /api/events/live", () => {
  it("is the stream an admin started, not any event that has a stream address and is on now", async () => {
    const a = await createChurch(t.app);
    const m = await addMember(t.app, a);
    await createEvent(a.admin, {
      title: "Live service",
      startTime: hours(-0.5),
      endTime: hours(1),
      streamUrl: "https://www.youtube.com/watch?v=live",
    });
    expect((await m.get("/api/events/live")).body).toBeNull();
    expect((await new Caller(t.app).get("/api/events/live")).status).toBe(401);
  });
});

describe("the event list: small queries for the dashboards, a per-church cache for the whole list", () => {
  it("upcoming=true&limit=N gives the next N events that have not ended, soonest first; bad parameters are 400", async () => {
    const c = await createChurch(t.app);
    await createEvent(c.admin, { title: "Ended", startTime: hours(-5), endTime: hours(-4) });
    await createEvent(c.admin, { title: "On now", startTime: hours(-1), endTime: hours(1) });
    await createEvent(c.admin, { title: "Tomorrow", startTime: hours(24), endTime: hours(25) });
    await createEvent(c.admin, { title: "Next week", startTime: hours(170), endTime: hours(171) });
    const next = await c.admin.get("/api/events?upcoming=true&limit=2");
    expect(next.status).toBe(200);
    expect(next.body.map((e: { title: string }) => e.title)).toEqual(["On now", "Tomorrow"]);
    expect((await c.admin.get("/api/events?upcoming=true")).body).toHaveLength(3);
    expect((await c.admin.get("/api/events?limit=1")).body.map((e: { title: string }) => e.title)).toEqual(["Ended"]);
    for (const q of ["limit=0", "limit=201", "limit=abc", "upcoming=yes"]) {
      const res = await c.admin.get(`/api/events?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    // Another church's member gets only their own church's events, cached or not.
    const other = await createChurch(t.app);
    expect((await other.admin.get("/api/events")).body).toEqual([]);
    expect((await other.admin.get("/api/events?upcoming=true&limit=3")).body).toEqual([]);
  });

  it("shows each member their own RSVP and check-in, and follows RSVPs and writes made in another process", async () => {
    const other = await buildApp({ config: t.config, db: t.db, logger: false, serveClient: false });
    await other.ready();
    afterFile(() => other.close());
    const c = await createChurch(t.app);
    const a = await addMember(t.app, c, "CONGREGANT", "Ann");
    const b = await addMember(t.app, c, "CONGREGANT", "Ben");
    const bOnOther = new Caller(other, b.cookie);
    const e = await createEvent(c.admin, { title: "Vigil", startTime: hours(-0.25), endTime: hours(2) });
    const first = (await bOnOther.get("/api/events")).body;
    expect(first).toEqual([expect.objectContaining({ id: e.id, rsvpCount: 0, isGoing: false, isCheckedIn: false })]);
    expect(ZEvent.parse(first[0])).toBeTruthy();

    await a.post(`/api/events/${e.id}/rsvp`);
    await a.post(`/api/events/${e.id}/check-in`);
    await vi.waitFor(async () => {
      expect((await bOnOther.get("/api/events")).body[0]).toMatchObject({ rsvpCount: 1, isGoing: false });
    });
    expect((await new Caller(other, a.cookie).get("/api/events")).body[0]).toMatchObject({
      rsvpCount: 1,
      isGoing: true,
      isCheckedIn: true,
    });

    await c.admin.put(
      `/api/events/${e.id}`,
      eventBody({ title: "Vigil (moved)", startTime: hours(-0.25), endTime: hours(3) }),
    );
    await vi.waitFor(async () => {
      expect((await bOnOther.get("/api/events")).body[0].title).toBe("Vigil (moved)");
    });
    await c.admin.delete(`/api/events/${e.id}`);
    await vi.waitFor(async () => {
      expect((await bOnOther.get("/api/events")).body).toEqual([]);
    });
  });
});

describe("notifications (issue 11)", () => {
  it("a new event tells every member but its author, linking to the event's page; an edit tells nobody", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const quiet = await addMember(t.app, c);
    expect((await quiet.patch("/api/user/preferences", { eventNotifications: false })).status).toBe(200);
    const e = await createEvent(c.admin, { title: "Harvest Supper" });
    await drainJobs(t.app);
    const notes = async (who: Caller) => (await who.get("/api/notifications")).body.notifications;
    expect(await notes(m)).toEqual([
      expect.objectContaining({
        type: "event",
        kind: "event_published",
        title: "New event",
        message: "Harvest Supper",
        relatedId: e.id,
        link: `/events/${e.id}`,
      }),
    ]);
    expect(await notes(c.admin)).toEqual([]);
    expect(await notes(quiet)).toEqual([]);
    await c.admin.put(`/api/events/${e.id}`, eventBody({ title: "Harvest Supper (moved)" }));
    await drainJobs(t.app);
    expect(await notes(m)).toHaveLength(1);
  });
});
