import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { createChurch, createEvent, setTimeZone, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { liveChatMessages, liveStreams } from "../../db/schema/live";
import { LIVE_RETENTION_JOB, nextLiveRetentionRun, scheduleLiveRetention } from "./live-retention";

/** Issue 28: live chat messages leave after the church's chat retention; streams keep their counts. */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
});
afterEach(() => {
  vi.useRealTimers();
});

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

async function setChatRetention(c: TTestChurch, days: number) {
  const current = await c.admin.get("/api/admin/church/settings");
  const res = await c.admin.put("/api/admin/church/settings", { ...current.body, chatRetentionDays: days });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A stream that ended long ago, with its event, as the admin's history lists it. */
async function pastStream(c: TTestChurch, startedAt: Date) {
  const event = await createEvent(c.admin, { title: "Sunday Service" });
  const [stream] = await t.db
    .insert(liveStreams)
    .values({
      churchId: c.church.id,
      eventId: event.id,
      title: "Sunday Service",
      startedAt,
      endedAt: new Date(startedAt.getTime() + 60 * MINUTE_MS),
      startedBy: c.admin.user.id,
    })
    .returning({ id: liveStreams.id, eventId: liveStreams.eventId });
  return { id: stream.id, eventId: event.id as string };
}

/** A chat message written straight into the table at a chosen time (optionally deleted by a moderator). */
async function message(
  c: TTestChurch,
  stream: { id: string; eventId: string },
  createdAt: Date,
  deleted = false,
): Promise<string> {
  const [row] = await t.db
    .insert(liveChatMessages)
    .values({
      churchId: c.church.id,
      streamId: stream.id,
      eventId: stream.eventId,
      userId: c.admin.user.id,
      message: `said at ${createdAt.toISOString()}`,
      messageType: "chat",
      createdAt,
      deletedAt: deleted ? createdAt : null,
      deletedBy: deleted ? c.admin.user.id : null,
    })
    .returning({ id: liveChatMessages.id });
  return row.id;
}

const counts = async (c: TTestChurch) =>
  Object.fromEntries(
    ((await c.admin.get("/api/live-stream/history")).body as { id: string; messageCount: number }[]).map((s) => [
      s.id,
      s.messageCount,
    ]),
  );

describe("live chat retention", () => {
  it("removes each church's messages past its own retention, in any time zone; counts stay; the next run is queued", async () => {
    // Auckland keeps 30 days, Los Angeles 90; a third church stays on the default year.
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const other = await createChurch(t.app);
    await setTimeZone(a, "Pacific/Auckland");
    await setTimeZone(b, "America/Los_Angeles");
    await setChatRetention(a, 30);
    await setChatRetention(b, 90);

    // The app's clock moves two years on; messages are placed a minute either side of each limit.
    const now = new Date(Date.now() + 2 * 365 * DAY_MS);
    const ago = (days: number, minutes = 0) => new Date(now.getTime() - days * DAY_MS - minutes * MINUTE_MS);
    const aStream = await pastStream(a, ago(31));
    const bStream = await pastStream(b, ago(91));
    const otherStream = await pastStream(other, ago(400));
    const aOut = await message(a, aStream, ago(30, 1));
    const aOutDeleted = await message(a, aStream, ago(30, 2), true);
    const aIn = await message(a, aStream, ago(30, -1));
    const bOut = await message(b, bStream, ago(90, 1));
    const bIn = await message(b, bStream, ago(90, -1));
    const bInOld = await message(b, bStream, ago(31));
    const otherIn = await message(other, otherStream, ago(364));
    const otherOut = await message(other, otherStream, ago(366));
    const before = { a: await counts(a), b: await counts(b), other: await counts(other) };
    expect(before.a[aStream.id]).toBe(3);
    expect(before.b[bStream.id]).toBe(3);

    vi.useFakeTimers({ toFake: ["Date"], now });
    await t.app.jobs.add(LIVE_RETENTION_JOB, {});
    await drainJobs(t.app);
    vi.useRealTimers();

    const all = [aOut, aOutDeleted, aIn, bOut, bIn, bInOld, otherIn, otherOut];
    const left = await t.db
      .select({ id: liveChatMessages.id })
      .from(liveChatMessages)
      .where(inArray(liveChatMessages.id, all));
    expect(left.map((r) => r.id).sort()).toEqual([aIn, bIn, bInOld, otherIn].sort());

    // Each stream's message count is what it was: the removed messages are counted on the stream.
    expect({ a: await counts(a), b: await counts(b), other: await counts(other) }).toEqual(before);
    const expired = await t.db
      .select({ id: liveStreams.id, n: liveStreams.expiredMessageCount })
      .from(liveStreams)
      .where(inArray(liveStreams.id, [aStream.id, bStream.id, otherStream.id]));
    expect(Object.fromEntries(expired.map((r) => [r.id, r.n]))).toEqual({
      [aStream.id]: 2,
      [bStream.id]: 1,
      [otherStream.id]: 1,
    });

    // The next run waits for the next day.
    const next = await t.db.execute<{ runAt: Date }>(
      sql`select run_at as "runAt" from graphile_worker.jobs where task_identifier = ${LIVE_RETENTION_JOB.name}`,
    );
    expect(next.rows).toHaveLength(1);
    expect(new Date(next.rows[0].runAt).getTime()).toBe(nextLiveRetentionRun(now).getTime());
    expect(new Date(next.rows[0].runAt).getTime()).toBeGreaterThan(now.getTime());
    expect(new Date(next.rows[0].runAt).getTime()).toBeLessThanOrEqual(now.getTime() + DAY_MS);

    // A second run the same day removes nothing more and counts nothing twice.
    vi.useFakeTimers({ toFake: ["Date"], now });
    await t.app.jobs.add(LIVE_RETENTION_JOB, {});
    await drainJobs(t.app);
    vi.useRealTimers();
    const [again] = await t.db
      .select({ n: liveStreams.expiredMessageCount })
      .from(liveStreams)
      .where(eq(liveStreams.id, aStream.id));
    expect(again.n).toBe(2);
    expect(await counts(a)).toEqual(before.a);
  });

  it("runs at 03:40 UTC each day", () => {
    expect(nextLiveRetentionRun(new Date("2026-03-01T01:00:00Z")).toISOString()).toBe("2026-03-01T03:40:00.000Z");
    expect(nextLiveRetentionRun(new Date("2026-03-01T03:40:00Z")).toISOString()).toBe("2026-03-02T03:40:00.000Z");
  });

  it("is never queued for a slot the database's clock has passed (the app's clock two days behind)", async () => {
    // Issue 30: the schedule is lib/jobs.ts#scheduleEvery's, as the other daily jobs'. Its own copy
    // queued the slot after the app's clock: two days behind, a run due at once, again and again.
    const behind = new Date(Date.now() - 2 * DAY_MS);
    await scheduleLiveRetention(t.db, { now: behind });
    const { rows } = await t.db.execute<{ runAt: string; due: boolean }>(
      sql`select run_at as "runAt", run_at <= now() as due from graphile_worker.jobs
           where task_identifier = ${LIVE_RETENTION_JOB.name}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].due).toBe(false);
    expect(new Date(rows[0].runAt).getTime()).toBeLessThanOrEqual(Date.now() + DAY_MS + 60_000);
    expect(new Date(rows[0].runAt).toISOString().slice(11)).toBe("03:40:00.000Z");
  });
});
