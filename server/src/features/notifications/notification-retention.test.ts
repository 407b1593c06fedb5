import { inArray, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, setTimeZone, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { notifications } from "../../db/schema/community";
import { NOTIFICATION_RETENTION_JOB, nextNotificationRetentionRun } from "./notification-retention";

/** Issue 28: notifications leave after the church's notification retention. */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
});
afterEach(() => {
  vi.useRealTimers();
});

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

async function setNotificationRetention(c: TTestChurch, days: number) {
  const current = await c.admin.get("/api/admin/church/settings");
  const res = await c.admin.put("/api/admin/church/settings", { ...current.body, notificationRetentionDays: days });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A notification written straight into the table for `userId`, at a chosen time. */
async function note(c: TTestChurch, userId: string, createdAt: Date, isRead = false): Promise<string> {
  const [row] = await t.db
    .insert(notifications)
    .values({
      churchId: c.church.id,
      userId,
      type: "sermon",
      kind: "sermon_published",
      title: "New sermon",
      message: `published ${createdAt.toISOString()}`,
      isRead,
      createdAt,
    })
    .returning({ id: notifications.id });
  return row.id;
}

describe("notification retention", () => {
  it("removes each church's notifications past its own retention, read or not, in any time zone; the next run is queued", async () => {
    // Auckland keeps 30 days, Los Angeles a year; a third church stays on the default 90 days.
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const other = await createChurch(t.app);
    await setTimeZone(a, "Pacific/Auckland");
    await setTimeZone(b, "America/Los_Angeles");
    await setNotificationRetention(a, 30);
    await setNotificationRetention(b, 365);
    const aMember = await addMember(t.app, a, "CONGREGANT");

    // The app's clock moves two years on; notifications are placed a minute either side of each limit.
    const now = new Date(Date.now() + 2 * 365 * DAY_MS);
    const ago = (days: number, minutes = 0) => new Date(now.getTime() - days * DAY_MS - minutes * MINUTE_MS);
    const aOut = await note(a, aMember.user.id, ago(30, 1));
    const aOutRead = await note(a, a.admin.user.id, ago(45), true);
    const aIn = await note(a, aMember.user.id, ago(30, -1));
    const bOut = await note(b, b.admin.user.id, ago(365, 1));
    const bIn = await note(b, b.admin.user.id, ago(365, -1));
    const bInOld = await note(b, b.admin.user.id, ago(200));
    const otherIn = await note(other, other.admin.user.id, ago(89));
    const otherOut = await note(other, other.admin.user.id, ago(90, 1));

    vi.useFakeTimers({ toFake: ["Date"], now });
    await t.app.jobs.add(NOTIFICATION_RETENTION_JOB, {});
    await drainJobs(t.app);
    vi.useRealTimers();

    const all = [aOut, aOutRead, aIn, bOut, bIn, bInOld, otherIn, otherOut];
    const left = await t.db.select({ id: notifications.id }).from(notifications).where(inArray(notifications.id, all));
    expect(left.map((r) => r.id).sort()).toEqual([aIn, bIn, bInOld, otherIn].sort());

    // The member's list and unread count hold what is left.
    const mine = await aMember.get("/api/notifications");
    expect(mine.status).toBe(200);
    expect(mine.body.notifications.map((n: { id: string }) => n.id)).toContain(aIn);
    expect(mine.body.notifications.map((n: { id: string }) => n.id)).not.toContain(aOut);

    // The next run waits for the next day.
    const next = await t.db.execute<{ runAt: Date }>(
      sql`select run_at as "runAt" from graphile_worker.jobs where task_identifier = ${NOTIFICATION_RETENTION_JOB.name}`,
    );
    expect(next.rows).toHaveLength(1);
    expect(new Date(next.rows[0].runAt).getTime()).toBe(nextNotificationRetentionRun(now).getTime());
    expect(new Date(next.rows[0].runAt).getTime()).toBeGreaterThan(now.getTime());
    expect(new Date(next.rows[0].runAt).getTime()).toBeLessThanOrEqual(now.getTime() + DAY_MS);
  });

  it("runs at 03:50 UTC each day", () => {
    expect(nextNotificationRetentionRun(new Date("2026-03-01T01:00:00Z")).toISOString()).toBe(
      "2026-03-01T03:50:00.000Z",
    );
    expect(nextNotificationRetentionRun(new Date("2026-03-01T04:00:00Z")).toISOString()).toBe(
      "2026-03-02T03:50:00.000Z",
    );
  });
});
