import { LIVE_FRAME_MAX_BYTES } from "@common/live-helpers";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, signUp, type TTestChurch } from "../../../test/factories";
import { joinLive, openSocket, socketUrl } from "../../../test/socket";

let t: TTestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({}, { live: { heartbeatMs: 200, staleMs: 2000, pingMs: 300 } });
  url = await socketUrl(t.app);
});

async function startLive(c: TTestChurch, over: Record<string, unknown> = {}): Promise<string> {
  const res = await c.admin.post("/api/live-stream/start", { title: "Live", recordingEnabled: false, ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.eventId;
}

describe("/ws: who may open it", () => {
  it("refuses a signed-out socket (401), another site's page or no Origin (403), and a user without a church", async () => {
    const c = await createChurch(t.app);
    await expect(openSocket(url, undefined)).rejects.toThrow(/401/);
    await expect(openSocket(url, c.admin.cookie, "https://evil.example")).rejects.toThrow(/403/);
    await expect(openSocket(url, c.admin.cookie, null)).rejects.toThrow(/403/);
    const loner = await signUp(t.app);
    await expect(openSocket(url, loner.cookie)).rejects.toThrow(/403/);
    const ok = await openSocket(url, c.admin.cookie);
    expect(ok.ws.readyState).toBe(ok.ws.OPEN);
  });

  it("joins only the live event of the member's own church; others get an error frame and no data", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const ma = await addMember(t.app, a);
    const mb = await addMember(t.app, b);
    const eventId = await startLive(a);
    const own = await joinLive(url, ma.cookie, eventId);
    const stranger = await openSocket(url, mb.cookie);
    stranger.send({ type: "join_live_stream", eventId });
    expect((await stranger.next("error")).message).toMatch(/not available/);
    stranger.send({ type: "join_live_stream", eventId: "not-an-id" });
    await stranger.next("error", (f) => f !== stranger.frames.find((x) => x.type === "error"));

    const sent = (await ma.post(`/api/live-stream/${eventId}/message`, { message: "For church A" })).body;
    expect((await own.next("new_message")).message).toMatchObject({ id: sent.id, message: "For church A" });
    await a.admin.post("/api/live-stream/stop");
    await own.next("stream_ended");
    expect(stranger.frames.map((f) => f.type)).toEqual(["error", "error"]);
  });
});

describe("/ws: bad frames", () => {
  it("answers malformed, binary and unknown frames with an error and stays open; an oversized frame closes only that socket", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const eventId = await startLive(c);
    const s = await openSocket(url, m.cookie);
    s.send("{not json");
    await s.next("error");
    s.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    s.send({ type: "shout", eventId });
    s.send({ type: "join_live_stream" });
    s.send("null");
    await expect.poll(() => s.frames.filter((f) => f.type === "error").length).toBe(5);
    s.send({ type: "join_live_stream", eventId });
    await s.next("joined");

    const big = await openSocket(url, m.cookie);
    big.send({ type: "join_live_stream", eventId: "x".repeat(LIVE_FRAME_MAX_BYTES + 10) });
    expect((await big.closed).code).toBe(1009);
    // The server and the other socket go on.
    await m.post(`/api/live-stream/${eventId}/message`, { message: "still here" });
    expect((await s.next("new_message")).message.message).toBe("still here");
  });
});

describe("/ws: frames", () => {
  it("tells every viewer of new and deleted messages, the viewer count, new settings and the end", async () => {
    const c = await createChurch(t.app);
    const m1 = await addMember(t.app, c, "CONGREGANT", "Ruth");
    const m2 = await addMember(t.app, c, "CONGREGANT", "Naomi");
    const eventId = await startLive(c);
    const s1 = await joinLive(url, m1.cookie, eventId);
    const s2 = await joinLive(url, m2.cookie, eventId);
    await s1.next("viewer_count", (f) => f.count === 2);
    await s2.next("viewer_count", (f) => f.count === 2);
    await expect
      .poll(async () => (await c.admin.get("/api/live-stream/status")).body.stream.viewerCount, { timeout: 10_000 })
      .toBe(2);
    expect((await m1.get("/api/events/live")).body.viewerCount).toBe(2);

    const msg = (await m1.post(`/api/live-stream/${eventId}/message`, { message: "Good morning" })).body;
    expect((await s2.next("new_message")).message).toMatchObject({ id: msg.id, userName: "Ruth User", eventId });
    await c.admin.delete(`/api/live-stream/${eventId}/messages/${msg.id}`);
    expect(await s2.next("message_deleted")).toMatchObject({ eventId, messageId: msg.id });
    // The history every process keeps follows the frames.
    expect((await m2.get(`/api/live-stream/messages/${eventId}`)).body).toEqual([]);

    // A member made moderator learns it without reloading: their page asks again.
    await c.admin.put("/api/live-stream/moderators", { userIds: [m2.user.id] });
    expect(await s2.next("moderators_changed")).toEqual({ type: "moderators_changed", eventId });

    await c.admin.patch("/api/live-stream", { chatEnabled: false, title: "Quiet time" });
    expect((await s1.next("stream_updated")).event).toMatchObject({
      id: eventId,
      chatEnabled: false,
      title: "Quiet time",
    });

    const seen = s1.frames.length;
    s2.ws.close();
    await s1.next("viewer_count", (f) => f.count === 1, seen);
    await c.admin.post("/api/live-stream/stop");
    expect(await s1.next("stream_ended")).toEqual({ type: "stream_ended", eventId });
    const status = (await c.admin.get("/api/live-stream/history")).body[0];
    expect(status.peakViewers).toBe(2);
    expect(status.messageCount).toBe(1);
  });
});

describe("/ws: the viewer count on joining", () => {
  it("tells a lone viewer the count right after joined; a second join tells both; another church's viewers are neither counted nor told", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const ruth = await addMember(t.app, a, "CONGREGANT", "Ruth");
    const naomi = await addMember(t.app, a, "CONGREGANT", "Naomi");
    const boaz = await addMember(t.app, b, "CONGREGANT", "Boaz");
    const eventA = await startLive(a);
    const eventB = await startLive(b);

    const lone = await joinLive(url, ruth.cookie, eventA);
    // Anything the server sends later (a message posted once joined) comes after the count.
    await ruth.post(`/api/live-stream/${eventA}/message`, { message: "First here" });
    await lone.next("new_message");
    // A notification (the stream's start) may come at any moment: the order asked is the room's own.
    const room = (s: typeof lone) => s.frames.filter((f) => f.type !== "notification");
    expect(room(lone).slice(0, 2)).toEqual([
      { type: "joined", eventId: eventA, count: 1 },
      { type: "viewer_count", eventId: eventA, count: 1 },
    ]);

    const seen = lone.frames.length;
    const second = await joinLive(url, naomi.cookie, eventA);
    expect(await second.next("viewer_count")).toEqual({ type: "viewer_count", eventId: eventA, count: 2 });
    expect(room(second)[1]).toEqual({ type: "viewer_count", eventId: eventA, count: 2 });
    await lone.next("viewer_count", (f) => f.count === 2, seen);

    const other = await joinLive(url, boaz.cookie, eventB);
    expect(await other.next("viewer_count")).toEqual({ type: "viewer_count", eventId: eventB, count: 1 });
    await expect
      .poll(async () => (await b.admin.get("/api/live-stream/status")).body.stream.viewerCount, { timeout: 10_000 })
      .toBe(1);
    await expect
      .poll(async () => (await a.admin.get("/api/live-stream/status")).body.stream.viewerCount, { timeout: 10_000 })
      .toBe(2);
    // A message in church B reaches B's viewer; by then church A's sockets have been told nothing of B.
    await boaz.post(`/api/live-stream/${eventB}/message`, { message: "Church B" });
    await other.next("new_message");
    for (const s of [lone, second]) {
      expect(s.frames.every((f) => !("eventId" in f) || f.eventId === eventA)).toBe(true);
      expect(s.frames.filter((f) => f.type === "viewer_count").every((f) => f.count <= 2)).toBe(true);
    }
    expect(other.frames.every((f) => !("eventId" in f) || f.eventId === eventB)).toBe(true);
    expect(other.frames.filter((f) => f.type === "viewer_count").map((f) => f.count)).not.toContain(3);
  });
});

describe("/ws: what an open socket keeps", () => {
  it("lets go of its upgrade's response (and so its request and headers); an error still closes only that socket", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const eventId = await startLive(c);
    const s = await joinLive(url, m.cookie, eventId);
    const other = await joinLive(url, c.admin.cookie, eventId);
    type TTcp = { localPort: number; remotePort: number; _httpMessage?: unknown };
    const port = (s.ws as unknown as { _socket: TTcp })._socket.localPort;
    const server = [...t.app.websocketServer.clients].find(
      (w) => (w as unknown as { _socket: TTcp })._socket.remotePort === port,
    );
    if (!server) throw new Error("the server's side of the socket is not there");
    // The TCP socket no longer points at the hijacked ServerResponse, which holds the IncomingMessage.
    expect((server as unknown as { _socket: TTcp })._socket._httpMessage).toBeNull();
    expect(server.listenerCount("error")).toBe(1);
    server.emit("error", new Error("broken connection"));
    expect((await s.closed).code).toBe(1006);
    // The others and the server go on; the closed socket is no longer counted.
    await m.post(`/api/live-stream/${eventId}/message`, { message: "still here" });
    expect((await other.next("new_message")).message.message).toBe("still here");
    await other.next("viewer_count", (f) => f.count === 1);
  });
});

describe("/ws: dead and slow sockets", () => {
  it("closes a socket that stops answering pings", async () => {
    const c = await createChurch(t.app);
    const s = await openSocket(url, c.admin.cookie);
    const before = t.app.websocketServer.clients.size;
    // The client stops reading: it no longer sees pings, so it never answers them.
    (s.ws as unknown as { _socket: { pause: () => void } })._socket.pause();
    await expect.poll(() => t.app.websocketServer.clients.size, { timeout: 10_000 }).toBe(before - 1);
  });

  it("drops a client whose unsent frames pass the bound rather than let memory grow", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const eventId = await startLive(c);
    const reader = await joinLive(url, c.admin.cookie, eventId);
    const slow = await joinLive(url, m.cookie, eventId);
    (slow.ws as unknown as { _socket: { pause: () => void } })._socket.pause();
    const clients = t.app.websocketServer.clients.size;
    // Frames travel between processes in a NOTIFY (under 8,000 bytes each): up to 60 MB of them, far
    // past what the kernel buffers for a loopback socket and the 1 MB bound.
    const chunk = "x".repeat(6000);
    for (let i = 0; i < 10_000 && t.app.websocketServer.clients.size === clients; i++) {
      await t.app.live.hub.broadcast(eventId, { type: "error", message: chunk });
    }
    await expect.poll(() => t.app.websocketServer.clients.size).toBe(clients - 1);
    await m.post(`/api/live-stream/${eventId}/message`, { message: "after" });
    expect((await reader.next("new_message")).message.message).toBe("after");
  });
});
