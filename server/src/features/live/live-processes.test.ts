import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Caller, createSecondInstance, createTestApp, TEST_APP_SECRET, type TTestApp } from "../../../test/app";
import { addMember, createChurch } from "../../../test/factories";
import { joinLive, socketUrl } from "../../../test/socket";

/** Two app processes on one database, as behind a load balancer (README "Production"). */
let t: TTestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({}, { live: { heartbeatMs: 200, staleMs: 2000 } });
  other = await createSecondInstance(t, { live: { heartbeatMs: 200, staleMs: 2000 } });
});

const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await once(child, "exit");
    }
  }
});

/** A whole app process of its own on the test's database; resolves with its socket address. */
async function startAppProcess(): Promise<{ child: ChildProcess; url: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-live-process-"));
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("server/test/app-process.ts")], {
    env: { ...process.env, TEST_DB_URL: t.dbUrl, TEST_DATA_DIR: dataDir, APP_SECRET: TEST_APP_SECRET },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const [line] = (await once(child.stdout as NodeJS.ReadableStream, "data")) as [Buffer];
  const { port } = JSON.parse(line.toString());
  return { child, url: `ws://127.0.0.1:${port}/ws` };
}

describe("the live stream across app processes", () => {
  it("a message posted on one process reaches the sockets on the other, and so do deletes and the end", async () => {
    const c = await createChurch(t.app);
    const m1 = await addMember(t.app, c, "CONGREGANT", "Martha");
    const m2 = await addMember(t.app, c, "CONGREGANT", "Mary");
    const start = await c.admin.post("/api/live-stream/start", { title: "Across", recordingEnabled: false });
    const eventId = start.body.eventId;
    const onA = await joinLive(await socketUrl(t.app), m1.cookie, eventId);
    const onB = await joinLive(await socketUrl(other), m2.cookie, eventId);

    // m2's requests go to the other process, as a load balancer may send them.
    const m2OnB = new Caller(other, m2.cookie);
    const sent = (await m2OnB.post(`/api/live-stream/${eventId}/message`, { message: "From B" })).body;
    expect((await onA.next("new_message")).message).toMatchObject({
      id: sent.id,
      message: "From B",
      userName: "Mary User",
    });
    expect((await onB.next("new_message")).message.id).toBe(sent.id);
    // Each process's history follows the other's frames.
    expect((await m1.get(`/api/live-stream/messages/${eventId}`)).body.map((x: { id: string }) => x.id)).toEqual([
      sent.id,
    ]);

    await c.admin.delete(`/api/live-stream/${eventId}/messages/${sent.id}`);
    await onB.next("message_deleted", (f) => f.messageId === sent.id);
    expect((await m2OnB.get(`/api/live-stream/messages/${eventId}`)).body).toEqual([]);

    await c.admin.post("/api/live-stream/stop");
    await onB.next("stream_ended");
    expect((await m2OnB.get("/api/events/live")).body).toBeNull();
  });

  it("counts the viewers of every process, and a killed process's viewers leave the count within seconds", async () => {
    const c = await createChurch(t.app);
    const members = await Promise.all([1, 2, 3, 4].map(() => addMember(t.app, c)));
    const eventId = (await c.admin.post("/api/live-stream/start", { title: "Counted", recordingEnabled: false })).body
      .eventId;
    const onA = await joinLive(await socketUrl(t.app), members[0].cookie, eventId);
    const onB = await joinLive(await socketUrl(other), members[1].cookie, eventId);
    const third = await startAppProcess();
    await joinLive(third.url, members[2].cookie, eventId);
    await joinLive(third.url, members[3].cookie, eventId);

    await onA.next("viewer_count", (f) => f.count === 4);
    await onB.next("viewer_count", (f) => f.count === 4);
    await expect
      .poll(async () => (await c.admin.get("/api/live-stream/status")).body.stream.viewerCount, { timeout: 10_000 })
      .toBe(4);

    const [seenA, seenB] = [onA.frames.length, onB.frames.length];
    third.child.kill("SIGKILL");
    await once(third.child, "exit");
    // No goodbye from the killed process: its rows go stale after a few heartbeats.
    await onA.next("viewer_count", (f) => f.count === 2, seenA);
    await onB.next("viewer_count", (f) => f.count === 2, seenB);
    await expect
      .poll(async () => (await c.admin.get("/api/live-stream/status")).body.stream.viewerCount, { timeout: 10_000 })
      .toBe(2);
    expect((await c.admin.get("/api/live-stream/status")).body.stream.peakViewers).toBe(4);
  });
});
