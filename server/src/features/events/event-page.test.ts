import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createEvent, setTimeZone, signUp } from "../../../test/factories";
import { getAttendeeName } from "./event-page.service";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe("who is going (GET /api/events/:id/attendees)", () => {
  it("lists the church's members going, as first name and last initial, marking the caller", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c, "CONGREGANT", "Ruth");
    const boaz = await addMember(t.app, c, "GROUP_LEADER", "Boaz");
    const naomi = await addMember(t.app, c, "CONGREGANT", "Naomi");
    const e = await createEvent(c.admin, { startTime: hours(24), endTime: hours(26) });
    expect((await ruth.get(`/api/events/${e.id}/attendees`)).body).toEqual([]);

    expect((await ruth.post(`/api/events/${e.id}/rsvp`)).status).toBe(200);
    expect((await boaz.post(`/api/events/${e.id}/rsvp`)).status).toBe(200);
    expect((await naomi.post(`/api/events/${e.id}/rsvp`)).status).toBe(200);
    // Naomi changes her mind: she is no longer listed.
    expect((await naomi.delete(`/api/events/${e.id}/rsvp`)).status).toBe(200);

    const res = await ruth.get(`/api/events/${e.id}/attendees`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: boaz.user.id, name: "Boaz U.", isYou: false },
      { id: ruth.user.id, name: "Ruth U.", isYou: true },
    ]);
    // No e-mail address or full last name leaves in the answer.
    expect(JSON.stringify(res.body)).not.toMatch(/@|User/);

    // Someone removed from the church is not listed any more.
    expect((await c.admin.delete(`/api/admin/members/${boaz.user.id}`)).status).toBe(204);
    const after = await c.admin.get(`/api/events/${e.id}/attendees`);
    expect(after.body.map((a: { name: string }) => a.name)).toEqual(["Ruth U."]);
  });

  it("another church's event is a 404 and shows none of its names; signed out is 401; an unknown id is 404", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const ruth = await addMember(t.app, a, "CONGREGANT", "Ruth");
    const e = await createEvent(a.admin, { startTime: hours(24), endTime: hours(26) });
    await ruth.post(`/api/events/${e.id}/rsvp`);
    const other = await b.admin.get(`/api/events/${e.id}/attendees`);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe("Event not found");
    expect(JSON.stringify(other.body)).not.toContain("Ruth");
    expect((await new Caller(t.app).get(`/api/events/${e.id}/attendees`)).status).toBe(401);
    // Signed in without a church: not a member of any.
    const loner = await signUp(t.app);
    expect((await loner.get(`/api/events/${e.id}/attendees`)).status).toBe(403);
    expect((await ruth.get("/api/events/00000000-0000-4000-8000-000000000000/attendees")).status).toBe(404);
    // An id that is not one names no event.
    expect((await ruth.get("/api/events/not-an-id/attendees")).status).toBe(404);
  });

  it("names: first name and initial, the initial alone, or 'A member'", () => {
    expect(getAttendeeName({ firstName: " Ruth ", lastName: "bethlehem" })).toBe("Ruth B.");
    expect(getAttendeeName({ firstName: "Ruth", lastName: null })).toBe("Ruth");
    expect(getAttendeeName({ firstName: null, lastName: "Moab" })).toBe("M.");
    expect(getAttendeeName({ firstName: "", lastName: "" })).toBe("A member");
  });
});

describe("Add to my calendar (GET /api/events/:id/calendar.ics)", () => {
  it("answers one VEVENT in UTC that a real iCal parser reads, with the church's wall-clock time and escaped text", async () => {
    const c = await createChurch(t.app, "Grace, Hope; Love");
    await setTimeZone(c, "America/Denver");
    const congregant = await addMember(t.app, c);
    // 10:00 on a December Sunday in Denver (UTC-7) is 17:00 UTC.
    const e = await createEvent(c.admin, {
      title: "Carols, Candles; and Cocoa",
      description: "Bring a friend,\nand a mug; we have cocoa.\\ Really",
      location: "Hall 2, 100 Main St; Denver",
      startTime: "2030-12-01T10:00:00-07:00",
      endTime: "2030-12-01T11:30:00-07:00",
    });
    const res = await congregant.get(`/api/events/${e.id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename=".+\.ics"$/);
    const text = String(res.body);
    expect(text).toContain("DTSTART:20301201T170000Z\r\n");
    expect(text).toContain("DTEND:20301201T183000Z\r\n");
    expect(text).toContain("SUMMARY:Carols\\, Candles\\; and Cocoa\r\n");
    // Every line is at most 75 octets (longer ones are folded).
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue("x-wr-timezone")).toBe("America/Denver");
    const vevents = cal.getAllSubcomponents("vevent");
    expect(vevents).toHaveLength(1);
    const ev = new ICAL.Event(vevents[0]);
    expect(ev.uid).toBe(`${e.id}@fellowship.test`);
    expect(vevents[0].getFirstPropertyValue("dtstamp")).toBeTruthy();
    expect(ev.summary).toBe("Carols, Candles; and Cocoa");
    expect(ev.description).toBe("Bring a friend,\nand a mug; we have cocoa.\\ Really");
    expect(ev.location).toBe("Hall 2, 100 Main St; Denver");
    expect(vevents[0].getFirstPropertyValue("url")).toBe(`http://fellowship.test/events/${e.id}`);
    const start = ev.startDate.toJSDate();
    expect(start.toISOString()).toBe("2030-12-01T17:00:00.000Z");
    expect(ev.endDate.toJSDate().toISOString()).toBe("2030-12-01T18:30:00.000Z");
    const denver = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Denver",
      hour: "numeric",
      minute: "2-digit",
    });
    expect(denver.format(start)).toBe("10:00 AM");
  });

  it("is the church's own: another church gets 404, signed out 401, without a church 403", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const e = await createEvent(a.admin, { title: "Secret supper" });
    const other = await b.admin.get(`/api/events/${e.id}/calendar.ics`);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe("Event not found");
    expect((await new Caller(t.app).get(`/api/events/${e.id}/calendar.ics`)).status).toBe(401);
    expect((await (await signUp(t.app)).get(`/api/events/${e.id}/calendar.ics`)).status).toBe(403);
    const leader = await addMember(t.app, a, "GROUP_LEADER");
    expect((await leader.get(`/api/events/${e.id}/calendar.ics`)).status).toBe(200);
  });
});
