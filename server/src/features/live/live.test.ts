import { ZLiveEvent, ZLiveMessage, ZLiveStatus, ZLiveStream } from "@common/live";
import { LIVE_MESSAGE_MAX, LIVE_MESSAGE_RATE } from "@common/live-helpers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createEvent, PASSWORD, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { auditEntries } from "../../db/schema/audit";
import { sermons } from "../../db/schema/sermons";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const startBody = (over: Record<string, unknown> = {}) => ({
  title: "Sunday Service Live",
  description: "Worship and the word",
  streamUrl: "https://www.youtube.com/watch?v=abcdefghijk",
  chatEnabled: true,
  recordingEnabled: true,
  ...over,
});

async function startLive(c: TTestChurch, over: Record<string, unknown> = {}) {
  const res = await c.admin.post("/api/live-stream/start", startBody(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const event = (await c.admin.get("/api/events/live")).body;
  return { stream: ZLiveStream.parse(res.body), eventId: ZLiveEvent.parse(event).id };
}

describe("starting and stopping a stream", () => {
  it("makes the church's live event, which members see until it stops; one stream at a time", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    expect((await m.get("/api/events/live")).body).toBeNull();
    expect(ZLiveStatus.parse((await c.admin.get("/api/live-stream/status")).body)).toEqual({
      isLive: false,
      stream: null,
    });

    const { stream, eventId } = await startLive(c);
    expect(stream).toMatchObject({
      title: "Sunday Service Live",
      chatEnabled: true,
      recordingEnabled: true,
      endedAt: null,
    });
    const live = ZLiveEvent.parse((await m.get("/api/events/live")).body);
    expect(live).toMatchObject({
      id: eventId,
      title: "Sunday Service Live",
      description: "Worship and the word",
      location: "Online",
      streamUrl: "https://www.youtube.com/watch?v=abcdefghijk",
      chatEnabled: true,
      canModerate: false,
    });
    // The stream's event is one of the church's events, with its address.
    const listed = (await m.get("/api/events")).body as { id: string; streamUrl: string | null }[];
    expect(listed.find((e) => e.id === eventId)?.streamUrl).toBe("https://www.youtube.com/watch?v=abcdefghijk");
    expect((await c.admin.get("/api/live-stream/status")).body).toMatchObject({
      isLive: true,
      stream: { id: stream.id },
    });

    const again = await c.admin.post("/api/live-stream/start", startBody({ title: "Second" }));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already running/);

    const stop = await c.admin.post("/api/live-stream/stop");
    expect(stop.status).toBe(200);
    expect(ZLiveStream.parse(stop.body).endedAt).not.toBeNull();
    expect((await m.get("/api/events/live")).body).toBeNull();
    expect((await c.admin.post("/api/live-stream/stop")).status).toBe(409);
    // Its own event ended with it.
    const ended = (await m.get(`/api/events/${eventId}`)).body as { endTime: string };
    expect(Date.parse(ended.endTime)).toBeLessThanOrEqual(Date.now());
  });

  it("two admins starting at once make one stream", async () => {
    const c = await createChurch(t.app);
    const second = await addMember(t.app, c, "ADMIN");
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? second : c.admin).post("/api/live-stream/start", startBody())),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it("marks the event that is on now rather than making another", async () => {
    const c = await createChurch(t.app);
    const now = Date.now();
    const service = await createEvent(c.admin, {
      title: "Morning Worship",
      location: "Main Sanctuary",
      startTime: new Date(now - 10 * 60_000).toISOString(),
      endTime: new Date(now + 80 * 60_000).toISOString(),
      streamUrl: null,
    });
    const { eventId } = await startLive(c, { title: "Morning Worship Live" });
    expect(eventId).toBe(service.id);
    const live = (await c.admin.get("/api/events/live")).body;
    expect(live).toMatchObject({ location: "Main Sanctuary", title: "Morning Worship Live" });
    await c.admin.post("/api/live-stream/stop");
    // A scheduled event keeps its own end.
    const after = (await c.admin.get(`/api/events/${service.id}`)).body as { endTime: string };
    expect(Date.parse(after.endTime)).toBeGreaterThan(Date.now());
  });

  it("a recorded stream with an address becomes a sermon draft members do not see; without either, none", async () => {
    const c = await createChurch(t.app);
    await startLive(c, { title: "Recorded Service" });
    const stopped = ZLiveStream.parse((await c.admin.post("/api/live-stream/stop")).body);
    // The draft is made from the live.ended event, moments after the answer; the stream then names it.
    await drainJobs(t.app);
    const [recorded] = (await c.admin.get("/api/live-stream/history")).body.map((s: unknown) => ZLiveStream.parse(s));
    expect(recorded.id).toBe(stopped.id);
    expect(recorded.sermonId).not.toBeNull();
    const [draft] = await t.db
      .select()
      .from(sermons)
      .where(eq(sermons.id, recorded.sermonId as string));
    expect(draft).toMatchObject({
      churchId: c.church.id,
      title: "Recorded Service",
      isDraft: true,
      videoUrl: "https://www.youtube.com/watch?v=abcdefghijk",
    });

    await startLive(c, { title: "Not recorded", recordingEnabled: false });
    expect(ZLiveStream.parse((await c.admin.post("/api/live-stream/stop")).body).sermonId).toBeNull();
    await startLive(c, { title: "No address", streamUrl: null });
    expect(ZLiveStream.parse((await c.admin.post("/api/live-stream/stop")).body).sermonId).toBeNull();

    await drainJobs(t.app);
    const history = (await c.admin.get("/api/live-stream/history")).body.map((s: unknown) => ZLiveStream.parse(s));
    expect(history.map((s: { title: string }) => s.title)).toEqual(["No address", "Not recorded", "Recorded Service"]);
    expect(history.map((s: { sermonId: string | null }) => s.sermonId === null)).toEqual([true, true, false]);
    expect(await t.db.select().from(sermons).where(eq(sermons.churchId, c.church.id))).toHaveLength(1);
  });

  it("refuses a start without a title, or with an address no player plays, and stores nothing", async () => {
    const c = await createChurch(t.app);
    for (const body of [
      startBody({ title: "   " }),
      startBody({ title: undefined }),
      startBody({ streamUrl: "https://example.org/video.mp4" }),
      startBody({ streamUrl: "javascript:alert(1)" }),
      startBody({ chatEnabled: "yes" }),
      startBody({ title: "x".repeat(121) }),
    ]) {
      const res = await c.admin.post("/api/live-stream/start", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await c.admin.get("/api/live-stream/status")).body.isLive).toBe(false);
    // The kinds the players know.
    for (const streamUrl of [
      "https://vimeo.com/123456789",
      "https://www.facebook.com/church/videos/123",
      "https://cdn.example.org/live/stream.m3u8",
      "https://youtu.be/abcdefghijk",
    ]) {
      await startLive(c, { streamUrl, recordingEnabled: false });
      expect((await c.admin.post("/api/live-stream/stop")).status).toBe(200);
    }
  });

  it("changes title, address and chat while live (Stream Settings)", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    await startLive(c);
    const res = await c.admin.patch("/api/live-stream", {
      title: "Evening Prayer",
      streamUrl: "https://cdn.example.org/live/evening.m3u8",
      chatEnabled: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Evening Prayer",
      chatEnabled: false,
      description: "Worship and the word",
    });
    expect((await m.get("/api/events/live")).body).toMatchObject({
      title: "Evening Prayer",
      streamUrl: "https://cdn.example.org/live/evening.m3u8",
      chatEnabled: false,
    });
    expect((await c.admin.patch("/api/live-stream", { title: "" })).status).toBe(400);
    await c.admin.post("/api/live-stream/stop");
    expect((await c.admin.patch("/api/live-stream", { title: "Late" })).status).toBe(409);
  });
});

describe("live chat", () => {
  it("keeps messages in order with each sender's name, trimmed, marked as prayer when sent so", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c, "CONGREGANT", "Lydia");
    const { eventId } = await startLive(c);
    const a = await m.post(`/api/live-stream/${eventId}/message`, { message: "  Amen!  ", messageType: "chat" });
    expect(a.status).toBe(201);
    expect(ZLiveMessage.parse(a.body)).toMatchObject({ message: "Amen!", messageType: "chat", userName: "Lydia User" });
    const p = await c.admin.post(`/api/live-stream/${eventId}/message`, {
      message: "<b>Pray for my mother</b>",
      messageType: "prayer_request",
    });
    expect(p.status).toBe(201);
    const history = (await m.get(`/api/live-stream/messages/${eventId}`)).body.map((x: unknown) =>
      ZLiveMessage.parse(x),
    );
    expect(history.map((x: { message: string; messageType: string }) => [x.message, x.messageType])).toEqual([
      ["Amen!", "chat"],
      ["<b>Pray for my mother</b>", "prayer_request"],
    ]);
  });

  it("refuses empty, too long and unknown-typed messages, and says 'No live event' when nothing is live", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const { eventId } = await startLive(c);
    for (const body of [
      { message: "   " },
      { message: "x".repeat(LIVE_MESSAGE_MAX + 1) },
      { message: "hi", messageType: "shout" },
      { message: 42 },
      {},
    ]) {
      expect((await m.post(`/api/live-stream/${eventId}/message`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await m.get(`/api/live-stream/messages/${eventId}`)).body).toEqual([]);
    await c.admin.post("/api/live-stream/stop");
    const late = await m.post(`/api/live-stream/${eventId}/message`, { message: "Still here?" });
    expect(late.status).toBe(404);
    expect(late.body.message).toBe("No live event");
    expect((await m.get("/api/live-stream/messages/not-an-id")).status).toBe(404);
  });

  it("limits each member's pace (429 with a clear message, nothing stored), also under parallel sends", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const other = await addMember(t.app, c);
    const { eventId } = await startLive(c);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => m.post(`/api/live-stream/${eventId}/message`, { message: `m${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(LIVE_MESSAGE_RATE.count);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(12 - LIVE_MESSAGE_RATE.count);
    expect(refused[0].body.message).toMatch(/too quickly/);
    expect(refused[0].headers["retry-after"]).toBe(String(LIVE_MESSAGE_RATE.seconds));
    expect((await m.get(`/api/live-stream/messages/${eventId}`)).body).toHaveLength(LIVE_MESSAGE_RATE.count);
    // Another member is not held back by it.
    expect((await other.post(`/api/live-stream/${eventId}/message`, { message: "Hello" })).status).toBe(201);
  });

  it("is closed when the admin turns chat off", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const { eventId } = await startLive(c, { chatEnabled: false });
    const res = await m.post(`/api/live-stream/${eventId}/message`, { message: "Hello" });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/closed/);
  });

  it("moderators chosen by the admin and admins delete messages; others get 403", async () => {
    const c = await createChurch(t.app);
    const mod = await addMember(t.app, c, "CONGREGANT", "Priscilla");
    const m = await addMember(t.app, c, "GROUP_LEADER");
    const outsider = await createChurch(t.app);
    const { eventId } = await startLive(c);
    const msg = (await m.post(`/api/live-stream/${eventId}/message`, { message: "unkind words" })).body;
    const url = `/api/live-stream/${eventId}/messages/${msg.id}`;
    expect((await mod.delete(url)).status).toBe(403);
    expect((await m.delete(url)).status).toBe(403);

    expect((await c.admin.put("/api/live-stream/moderators", { userIds: [outsider.admin.user.id] })).status).toBe(400);
    const set = await c.admin.put("/api/live-stream/moderators", { userIds: [mod.user.id] });
    expect(set.status).toBe(200);
    expect(set.body.map((x: { firstName: string }) => x.firstName)).toEqual(["Priscilla"]);
    expect((await c.admin.get("/api/live-stream/moderators")).body).toHaveLength(1);
    expect((await mod.get("/api/events/live")).body.canModerate).toBe(true);
    expect((await m.get("/api/events/live")).body.canModerate).toBe(false);

    expect((await mod.delete(url)).status).toBe(204);
    expect((await mod.delete(url)).status).toBe(404);
    expect((await m.get(`/api/live-stream/messages/${eventId}`)).body).toEqual([]);
    const second = (await m.post(`/api/live-stream/${eventId}/message`, { message: "sorry" })).body;
    expect((await c.admin.delete(`/api/live-stream/${eventId}/messages/${second.id}`)).status).toBe(204);
    // The message count keeps what was said, deleted or not.
    expect((await c.admin.get("/api/live-stream/status")).body.stream.messageCount).toBe(2);
  });
});

describe("who may call", () => {
  it("admin calls refuse congregants and group leaders (403) and the signed-out (401)", async () => {
    const c = await createChurch(t.app);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/live-stream/status"],
      ["GET", "/api/live-stream/history"],
      ["POST", "/api/live-stream/start", startBody()],
      ["POST", "/api/live-stream/stop"],
      ["PATCH", "/api/live-stream", { title: "x" }],
      ["GET", "/api/live-stream/moderators"],
      ["PUT", "/api/live-stream/moderators", { userIds: [] }],
    ];
    for (const role of ["CONGREGANT", "GROUP_LEADER"] as const) {
      const m = await addMember(t.app, c, role);
      for (const [method, url, body] of calls) {
        expect((await m.request(method as "GET", url, body)).status, `${role} ${method} ${url}`).toBe(403);
      }
    }
    const anon = new Caller(t.app);
    for (const [method, url, body] of calls) expect((await anon.request(method as "GET", url, body)).status).toBe(401);
    for (const url of ["/api/events/live", "/api/live-stream/messages/00000000-0000-4000-8000-000000000000"]) {
      expect((await anon.get(url)).status).toBe(401);
    }
    expect((await c.admin.get("/api/live-stream/status")).body.isLive).toBe(false);
  });

  it("each church's stream, chat and moderators are its own: another church's event ids are 404", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const ma = await addMember(t.app, a);
    const mb = await addMember(t.app, b);
    const { eventId } = await startLive(a);
    const msg = (await ma.post(`/api/live-stream/${eventId}/message`, { message: "A's own" })).body;
    expect((await mb.get("/api/events/live")).body).toBeNull();
    expect((await b.admin.get("/api/live-stream/status")).body.isLive).toBe(false);
    expect((await mb.get(`/api/live-stream/messages/${eventId}`)).status).toBe(404);
    expect((await mb.post(`/api/live-stream/${eventId}/message`, { message: "hi" })).status).toBe(404);
    expect((await b.admin.delete(`/api/live-stream/${eventId}/messages/${msg.id}`)).status).toBe(404);
    expect((await b.admin.post("/api/live-stream/stop")).status).toBe(409);
    expect((await b.admin.put("/api/live-stream/moderators", { userIds: [ma.user.id] })).status).toBe(400);
    // B may go live at the same time: one stream per church, not per server.
    await startLive(b);
    expect((await ma.get("/api/events/live")).body.id).toBe(eventId);
    expect((await ma.get(`/api/live-stream/messages/${eventId}`)).body).toHaveLength(1);
  });
});

describe("notifications (issue 11)", () => {
  it("a stream started tells every member but the admin who started it, linking to /live", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const { eventId } = await startLive(c);
    await drainJobs(t.app);
    expect((await m.get("/api/notifications")).body.notifications).toEqual([
      expect.objectContaining({
        type: "announcement",
        kind: "live_started",
        title: "Live now",
        message: "Sunday Service Live",
        relatedId: eventId,
        link: "/live",
      }),
    ]);
    expect((await c.admin.get("/api/notifications")).body.notifications).toEqual([]);
  });
});

describe("the audit trail of live streams", () => {
  it("records start, settings, moderation and stop with the admin and the stream; the draft sermon follows", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c, "CONGREGANT", "Lydia");
    const { stream, eventId } = await startLive(c);
    const patched = await c.admin.patch("/api/live-stream", { title: "Evening Service Live", chatEnabled: true });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await c.admin.put("/api/live-stream/moderators", { userIds: [m.user.id] })).status).toBe(200);
    const posted = await m.post(`/api/live-stream/${eventId}/message`, { message: "Amen", messageType: "chat" });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const deleted = await c.admin.delete(`/api/live-stream/${eventId}/messages/${posted.body.id}`);
    expect(deleted.status).toBeLessThan(300);
    expect((await c.admin.put("/api/live-stream/moderators", { userIds: [] })).status).toBe(200);
    expect((await c.admin.post("/api/live-stream/stop", {})).status).toBe(200);
    await drainJobs(t.app);

    const rows = (await t.db.select().from(auditEntries).where(eq(auditEntries.churchId, c.church.id))).filter((r) =>
      /^(live|sermon)\./.test(r.action),
    );
    const one = (action: string) => {
      const found = rows.filter((r) => r.action === action);
      expect(found, action).toHaveLength(1);
      expect(found[0].actorId).toBe(c.admin.user.id);
      return found[0];
    };
    expect(one("live.started")).toMatchObject({ targetType: "live_stream", targetId: stream.id });
    expect(one("live.started").changes.title).toEqual([null, "Sunday Service Live"]);
    expect(one("live.settings_updated")).toMatchObject({
      targetId: stream.id,
      changes: { title: ["Sunday Service Live", "Evening Service Live"] },
    });
    expect(one("live.moderator_added")).toMatchObject({ targetId: m.user.id, changes: { isModerator: [false, true] } });
    expect(one("live.moderator_removed")).toMatchObject({
      targetId: m.user.id,
      changes: { isModerator: [true, false] },
    });
    expect(one("live.message_deleted")).toMatchObject({ targetType: "live_message", targetId: posted.body.id });
    const ended = one("live.ended");
    expect(ended.targetId).toBe(stream.id);
    expect(ended.changes.endedAt?.[0]).toBeNull();
    // The recording became a draft sermon (the sermons' subscriber of live.ended), audited as the admin's.
    const [draft] = await t.db.select().from(sermons).where(eq(sermons.churchId, c.church.id));
    expect(draft.isDraft).toBe(true);
    expect(one("sermon.created")).toMatchObject({ targetType: "sermon", targetId: draft.id });
  });
});

describe("a stream's duration", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is counted on one clock, the app's, when it is a year ahead of the database's", async () => {
    // Issue 30: started_at and ended_at are the app's clock (not the column's database default), as
    // the `now` a live stream's running duration is counted to.
    const c = await createChurch(t.app);
    const start = new Date(Date.now() + 365 * 86_400_000);
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const admin = new Caller(t.app);
    const login = await admin.post("/api/auth/login", { email: c.admin.user.email, password: PASSWORD });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const res = await admin.post("/api/live-stream/start", startBody());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Date.parse(ZLiveStream.parse(res.body).startedAt)).toBe(start.getTime());
    vi.setSystemTime(new Date(start.getTime() + 20 * 60_000));
    const running = await admin.get("/api/live-stream/status");
    expect(running.status, JSON.stringify(running.body)).toBe(200);
    expect(ZLiveStatus.parse(running.body).stream?.durationMinutes).toBe(20);
    vi.setSystemTime(new Date(start.getTime() + 45 * 60_000));
    const stopped = ZLiveStream.parse((await admin.post("/api/live-stream/stop")).body);
    expect(stopped.durationMinutes).toBe(45);
    const history = (await admin.get("/api/live-stream/history")).body as { durationMinutes: number }[];
    expect(history[0].durationMinutes).toBe(45);
  });
});
