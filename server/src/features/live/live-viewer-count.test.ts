import type { TServerFrame } from "@common/live";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch } from "../../../test/factories";
import { openSocket, socketUrl, type TTestSocket } from "../../../test/socket";

/**
 * Issue 30: at 10,000 viewers, 1,423 sockets never learned the full count. Joins come in a storm,
 * the room is told its count at most once a heartbeat, and a change held back must still reach every
 * socket. A few hundred sockets through the real ws server, joining in batches while heartbeats run.
 */
let t: TTestApp;
let url: string;
const SOCKETS = 300;

beforeAll(async () => {
  // The sockets share two members and one address: the caps are for a church's many members.
  t = await createTestApp(
    { WS_SOCKETS_PER_MEMBER: "1000", WS_SOCKETS_PER_ADDRESS: "1000", WS_UPGRADES_PER_MINUTE: "1000" },
    { live: { heartbeatMs: 200, staleMs: 2000, pingMs: 60_000 } },
  );
  url = await socketUrl(t.app);
});

const lastCount = (s: TTestSocket) =>
  s.frames.findLast((f): f is Extract<TServerFrame, { type: "viewer_count" }> => f.type === "viewer_count")?.count;

describe("/ws: the viewer count reaches every socket", () => {
  it("every one of 300 sockets joining in batches ends with the full count, and with the new one after a third leave", async () => {
    const c = await createChurch(t.app);
    const members = [await addMember(t.app, c), await addMember(t.app, c)];
    const start = await c.admin.post("/api/live-stream/start", { title: "Live", recordingEnabled: false });
    expect(start.status).toBe(201);
    const eventId: string = start.body.eventId;

    const sockets: TTestSocket[] = [];
    for (let k = 0; k < SOCKETS; k += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, (_, i) => openSocket(url, members[(k + i) % 2].cookie)),
      );
      for (const s of batch) s.send({ type: "join_live_stream", eventId });
      await Promise.all(batch.map((s) => s.next("joined")));
      sockets.push(...batch);
    }
    // Each was told a count on joining; the last word to every socket is the full count.
    for (const s of sockets) expect(lastCount(s)).toBeGreaterThan(0);
    await expect.poll(() => sockets.filter((s) => lastCount(s) === SOCKETS).length, { timeout: 15_000 }).toBe(SOCKETS);

    const leaving = sockets.slice(0, SOCKETS / 3);
    const staying = sockets.slice(SOCKETS / 3);
    for (const s of leaving) s.ws.close();
    await expect
      .poll(() => staying.filter((s) => lastCount(s) === staying.length).length, { timeout: 15_000 })
      .toBe(staying.length);
    // Throttled: far fewer count frames than joins and leaves (one a heartbeat, not one each).
    const frames = staying[0].frames.filter((f) => f.type === "viewer_count").length;
    expect(frames).toBeLessThan(SOCKETS);
  });

  it("a viewer who joined just before another left ends with the room's count, not the one it was told on joining", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const start = await c.admin.post("/api/live-stream/start", { title: "Live", recordingEnabled: false });
    const eventId: string = start.body.eventId;
    const first = await Promise.all([0, 1, 2].map(() => openSocket(url, m.cookie)));
    for (const s of first) s.send({ type: "join_live_stream", eventId });
    await expect.poll(() => first.filter((s) => lastCount(s) === 3).length, { timeout: 15_000 }).toBe(3);

    // Joins (told 4 on joining), then one leaves before the heartbeat: the total read is 3 again.
    const late = await openSocket(url, m.cookie);
    late.send({ type: "join_live_stream", eventId });
    await late.next("joined");
    first[0].ws.close();
    await expect.poll(() => lastCount(late), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => [first[1], first[2]].map(lastCount), { timeout: 15_000 }).toEqual([3, 3]);
  });
});
