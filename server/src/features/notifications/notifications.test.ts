import {
  NOTIFICATIONS_LIMIT,
  type TNotificationList,
  ZMarkAllReadResult,
  ZNotificationList,
} from "@common/notifications";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createSecondInstance, createTestApp, type TTestApp } from "../../../test/app";
import {
  addMember,
  createChurch,
  createEvent,
  signUp,
  type TSignedIn,
  type TTestChurch,
} from "../../../test/factories";
import { openSocket, socketUrl } from "../../../test/socket";
import { notifications } from "../../db/schema/community";
import { ownText } from "../../lib/notification-text";
import { MEMBER_FRAME_MAX_IDS } from "../live/live-hub";
import { DELIVER_JOB, notify, notifyEach, type TNotifyInput } from "./notify";

let t: TTestApp;
beforeAll(async () => {
  // Jobs run only when a test asks (runDue), so each test sees the queue as its writes left it.
  t = await createTestApp({}, { runJobs: false });
});

/** A notification to store; `title` and `message` are shown as they are (the church's own words). */
type TNote = Partial<TNotifyInput> & { title?: string; message?: string };
const note = ({ title = "New sermon", message = "Walking in Faith", ...over }: TNote = {}): TNotifyInput => ({
  kind: "sermon_published",
  to: { everyone: true },
  text: ownText(title, message),
  link: "/sermons/x",
  ...over,
});

async function list(who: Caller): Promise<TNotificationList> {
  const res = await who.get("/api/notifications");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZNotificationList.parse(res.body);
}

const rowsOf = (m: TSignedIn) => t.db.select().from(notifications).where(eq(notifications.userId, m.user.id));

const queuedDeliveries = async () =>
  (
    await t.db.execute<{ payload: { churchId: string; ids: string[] }; attempts: number; max_attempts: number }>(
      sql`select j.payload, j.attempts, j.max_attempts from graphile_worker._private_jobs j
        join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = ${DELIVER_JOB.name} order by j.id`,
    )
  ).rows;

/** A church with an admin and two members; `c.church.id` is the church. */
async function createFlock(): Promise<TTestChurch & { ruth: TSignedIn; boaz: TSignedIn }> {
  const c = await createChurch(t.app);
  return {
    ...c,
    ruth: await addMember(t.app, c, "CONGREGANT", "Ruth"),
    boaz: await addMember(t.app, c, "CONGREGANT", "Boaz"),
  };
}

describe("GET /api/notifications", () => {
  it("answers the member's own, newest first, with every field and the unread count", async () => {
    const c = await createFlock();
    await notify(t.db, { churchId: c.church.id }, note({ title: "First", relatedId: c.admin.user.id }));
    await notify(t.db, { churchId: c.church.id }, note({ kind: "event_published", title: "Second", link: "/events" }));
    const mine = await list(c.ruth);
    expect(mine.unreadCount).toBe(2);
    expect(mine.notifications.map((n) => n.title)).toEqual(["Second", "First"]);
    expect(mine.notifications[1]).toEqual({
      id: expect.any(String),
      type: "sermon",
      kind: "sermon_published",
      title: "First",
      message: "Walking in Faith",
      isRead: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      relatedId: c.admin.user.id,
      link: "/sermons/x",
    });
    expect(mine.notifications[0]).toMatchObject({ type: "event", relatedId: null, link: "/events" });
    // Boaz has his own copies, with their own ids; another church's members have none.
    const his = await list(c.boaz);
    expect(his.notifications.map((n) => n.id)).not.toContain(mine.notifications[0].id);
    const other = await createFlock();
    expect(await list(other.ruth)).toEqual({ notifications: [], unreadCount: 0, hasMore: false });
  });

  it("answers at most NOTIFICATIONS_LIMIT, and counts every unread one", async () => {
    const c = await createFlock();
    for (let i = 0; i < NOTIFICATIONS_LIMIT + 5; i++)
      await notify(t.db, { churchId: c.church.id }, note({ to: { userIds: [c.ruth.user.id] }, title: `N${i}` }));
    const mine = await list(c.ruth);
    expect(mine.notifications).toHaveLength(NOTIFICATIONS_LIMIT);
    expect(mine.notifications[0].title).toBe(`N${NOTIFICATIONS_LIMIT + 4}`);
    expect(mine.unreadCount).toBe(NOTIFICATIONS_LIMIT + 5);
  });

  it("is for signed-in members of a church: 401 signed out, 403 without a church", async () => {
    const anon = new Caller(t.app);
    expect((await anon.get("/api/notifications")).status).toBe(401);
    expect((await anon.patch("/api/notifications/mark-all-read")).status).toBe(401);
    expect((await anon.patch(`/api/notifications/${crypto.randomUUID()}/read`)).status).toBe(401);
    const loner = await signUp(t.app);
    expect((await loner.get("/api/notifications")).status).toBe(403);
    expect((await loner.patch("/api/notifications/mark-all-read")).status).toBe(403);
  });
});

describe("PATCH /api/notifications/{id}/read and mark-all-read", () => {
  it("marks the member's own read, again without harm; the count follows", async () => {
    const c = await createFlock();
    await notify(t.db, { churchId: c.church.id }, note());
    await notify(t.db, { churchId: c.church.id }, note({ title: "Two" }));
    const [newest] = (await list(c.ruth)).notifications;
    const res = await c.ruth.patch(`/api/notifications/${newest.id}/read`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...newest, isRead: true });
    expect((await c.ruth.patch(`/api/notifications/${newest.id}/read`)).status).toBe(200);
    const after = await list(c.ruth);
    expect(after.unreadCount).toBe(1);
    expect(after.notifications.map((n) => n.isRead)).toEqual([true, false]);
    // Boaz's copies are untouched.
    expect((await list(c.boaz)).unreadCount).toBe(2);
  });

  it("another member's or another church's notification is 404 and stays unread; a malformed id is 404", async () => {
    const c = await createFlock();
    const other = await createFlock();
    await notify(t.db, { churchId: c.church.id }, note());
    const [ruths] = (await list(c.ruth)).notifications;
    // The admin of the same church, a member of it and an admin of another church: none may mark it.
    for (const who of [c.boaz, c.admin, other.admin, other.ruth]) {
      const res = await who.patch(`/api/notifications/${ruths.id}/read`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Notification not found" });
    }
    expect((await rowsOf(c.ruth)).every((r) => !r.isRead)).toBe(true);
    for (const bad of ["not-a-uuid", "123", `${ruths.id}x`, "%00"]) {
      expect((await c.ruth.patch(`/api/notifications/${bad}/read`)).status).toBe(404);
    }
    expect((await c.ruth.patch(`/api/notifications/${crypto.randomUUID()}/read`)).status).toBe(404);
  });

  it("mark-all-read marks only the member's own and says how many changed", async () => {
    const c = await createFlock();
    await notify(t.db, { churchId: c.church.id }, note());
    await notify(t.db, { churchId: c.church.id }, note({ title: "Two" }));
    await notify(t.db, { churchId: c.church.id }, note({ title: "Three" }));
    const [first] = (await list(c.ruth)).notifications;
    await c.ruth.patch(`/api/notifications/${first.id}/read`);
    const res = await c.ruth.patch("/api/notifications/mark-all-read");
    expect(res.status).toBe(200);
    expect(ZMarkAllReadResult.parse(res.body)).toEqual({ updated: 2 });
    expect((await list(c.ruth)).unreadCount).toBe(0);
    expect((await c.ruth.patch("/api/notifications/mark-all-read")).body).toEqual({ updated: 0 });
    expect((await list(c.boaz)).unreadCount).toBe(3);
    expect((await list(c.admin)).unreadCount).toBe(3);
  });
});

describe("notify", () => {
  it("reaches everyone, named members or the admins, never the one left out or another church", async () => {
    const c = await createFlock();
    const other = await createFlock();
    const church = { churchId: c.church.id };
    expect(await notify(t.db, church, note({ except: c.admin.user.id }))).toBe(2);
    expect(await notify(t.db, church, note({ to: { admins: true }, title: "Admins" }))).toBe(1);
    // An id of another church's member is left out, whatever the list says.
    expect(
      await notify(t.db, church, note({ to: { userIds: [c.boaz.user.id, other.ruth.user.id] }, title: "Boaz" })),
    ).toBe(1);
    expect(await notify(t.db, church, note({ to: { userIds: [] } }))).toBe(0);
    expect((await list(c.admin)).notifications.map((n) => n.title)).toEqual(["Admins"]);
    expect((await list(c.ruth)).notifications.map((n) => n.title)).toEqual(["New sermon"]);
    expect((await list(c.boaz)).notifications.map((n) => n.title)).toEqual(["Boaz", "New sermon"]);
    expect((await list(other.ruth)).unreadCount).toBe(0);
  });

  it("respects the profile preferences: sermons, events (and live streams), prayer", async () => {
    const c = await createFlock();
    const church = { churchId: c.church.id };
    const prefs = await c.ruth.patch("/api/user/preferences", {
      sermonNotifications: false,
      eventNotifications: false,
      prayerReminders: false,
    });
    expect(prefs.status).toBe(200);
    expect((await c.boaz.patch("/api/user/preferences", { sermonNotifications: false })).status).toBe(200);
    for (const kind of ["sermon_published", "event_published", "live_started", "prayer_answered"] as const)
      await notify(t.db, church, note({ kind, title: kind, except: c.admin.user.id }));
    // Kinds no preference governs always arrive.
    await notify(t.db, church, note({ kind: "badge_earned", title: "badge", except: c.admin.user.id }));
    expect((await list(c.ruth)).notifications.map((n) => n.title)).toEqual(["badge"]);
    expect((await list(c.boaz)).notifications.map((n) => n.title).sort()).toEqual(
      ["badge", "event_published", "live_started", "prayer_answered"].sort(),
    );
  });

  it("a dedupe key gives a member one notification however often it is raised", async () => {
    const c = await createFlock();
    const church = { churchId: c.church.id };
    const once = note({ kind: "prayer_prayed", to: { userIds: [c.ruth.user.id] }, dedupeKey: "prayed:r1:2026-01-04" });
    expect(await notify(t.db, church, once)).toBe(1);
    expect(await notify(t.db, church, once)).toBe(0);
    expect(await notify(t.db, church, { ...once, dedupeKey: "prayed:r1:2026-01-05" })).toBe(1);
    expect(await rowsOf(c.ruth)).toHaveLength(2);
  });

  it("stores in the caller's transaction: a rollback leaves no notification and no delivery", async () => {
    const c = await createFlock();
    const before = (await queuedDeliveries()).length;
    await expect(
      t.db.transaction(async (tx) => {
        await notify(tx, { churchId: c.church.id }, note());
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect(await rowsOf(c.ruth)).toEqual([]);
    expect(await queuedDeliveries()).toHaveLength(before);
    await notify(t.db, { churchId: c.church.id }, note());
    const jobs = await queuedDeliveries();
    expect(jobs).toHaveLength(before + 1);
    const ids = (
      await t.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.churchId, c.church.id))
    ).map((r) => r.id);
    expect(jobs.at(-1)?.payload).toEqual({ churchId: c.church.id, ids: expect.arrayContaining(ids) });
    expect(jobs.at(-1)?.payload.ids).toHaveLength(3);
    expect(jobs.at(-1)?.max_attempts).toBe(3);
    await t.app.jobs.runDue();
  });

  it("notifyEach stores each member's own message in one go, for the church's members only", async () => {
    const c = await createFlock();
    const other = await createFlock();
    const n = await notifyEach(t.db, { churchId: c.church.id }, "prayer_partner", [
      {
        userId: c.ruth.user.id,
        text: ownText("Prayer partner", "Your prayer partner this week is Boaz"),
        link: "/prayer-partners",
        relatedId: c.boaz.user.id,
      },
      {
        userId: c.boaz.user.id,
        text: ownText("Prayer partner", "Your prayer partner this week is Ruth"),
        link: "/prayer-partners",
      },
      { userId: other.ruth.user.id, text: ownText("Prayer partner", "Not yours"), link: null },
    ]);
    expect(n).toBe(2);
    expect((await list(c.ruth)).notifications).toEqual([
      expect.objectContaining({
        type: "prayer",
        kind: "prayer_partner",
        message: "Your prayer partner this week is Boaz",
        relatedId: c.boaz.user.id,
        link: "/prayer-partners",
      }),
    ]);
    expect((await list(c.boaz)).notifications[0]).toMatchObject({
      message: "Your prayer partner this week is Ruth",
      relatedId: null,
    });
    expect((await list(other.ruth)).unreadCount).toBe(0);
    expect(await notifyEach(t.db, { churchId: c.church.id }, "prayer_partner", [])).toBe(0);
  });
});

describe("delivery (the notifications.deliver job)", () => {
  it("tells the member's open sockets, not another member's, and hands the ids to push", async () => {
    const c = await createFlock();
    const url = await socketUrl(t.app);
    const ruth = await openSocket(url, c.ruth.cookie);
    const ruthAgain = await openSocket(url, c.ruth.cookie);
    const boaz = await openSocket(url, c.boaz.cookie);
    const deliver = vi.spyOn(t.app.push, "deliver");
    try {
      await t.app.jobs.runDue();
      deliver.mockClear();
      await notify(t.db, { churchId: c.church.id }, note({ to: { userIds: [c.ruth.user.id] } }));
      await t.app.jobs.runDue();
      expect(await ruth.next("notification")).toEqual({ type: "notification" });
      expect(await ruthAgain.next("notification")).toEqual({ type: "notification" });
      const [ruthsRow] = await rowsOf(c.ruth);
      expect(deliver).toHaveBeenCalledWith(c.church.id, [ruthsRow.id]);
      // Boaz's next notification is the first frame he gets: Ruth's, written earlier, never reached him.
      await notify(t.db, { churchId: c.church.id }, note({ to: { userIds: [c.boaz.user.id] } }));
      await t.app.jobs.runDue();
      await boaz.next("notification");
      expect(boaz.frames.filter((f) => f.type === "notification")).toHaveLength(1);
    } finally {
      deliver.mockRestore();
    }
  });

  it("many members: one frame to every socket of the church, none to another church's", async () => {
    const c = await createFlock();
    const other = await createFlock();
    const url = await socketUrl(t.app);
    const ruth = await openSocket(url, c.ruth.cookie);
    const stranger = await openSocket(url, other.ruth.cookie);
    const many = [c.boaz.user.id, ...Array.from({ length: MEMBER_FRAME_MAX_IDS }, () => crypto.randomUUID())];
    await t.app.live.hub.notifyMembers(c.church.id, many);
    await ruth.next("notification");
    // The stranger's own next frame is the first they get.
    await t.app.live.hub.notifyMembers(other.church.id, [other.ruth.user.id]);
    await stranger.next("notification");
    expect(stranger.frames.filter((f) => f.type === "notification")).toHaveLength(1);
  });

  it("a failing push is retried a bounded number of times and never fails the write that raised it", async () => {
    const c = await createFlock();
    await t.app.jobs.runDue();
    const deliver = vi.spyOn(t.app.push, "deliver").mockRejectedValue(new Error("push service down"));
    try {
      await createEvent(c.admin, { title: "Picnic" });
      await t.app.jobs.runDue();
      expect(deliver).toHaveBeenCalledTimes(1);
      const [job] = (await queuedDeliveries()).filter((j) => j.payload.churchId === c.church.id);
      expect(job).toMatchObject({ attempts: 1, max_attempts: 3 });
      // The notification itself is there for the bell whatever push does.
      expect((await list(c.ruth)).notifications[0]).toMatchObject({ kind: "event_published", message: "Picnic" });
    } finally {
      deliver.mockRestore();
      await t.db.execute(sql`delete from graphile_worker._private_jobs
        where task_id in (select id from graphile_worker._private_tasks where identifier = ${DELIVER_JOB.name})`);
    }
  });

  it("reaches the member's socket on another app process", async () => {
    const c = await createFlock();
    const second = await createSecondInstance(t);
    const ruth = await openSocket(await socketUrl(second), c.ruth.cookie);
    await notify(t.db, { churchId: c.church.id }, note({ to: { userIds: [c.ruth.user.id] } }));
    // Whichever process runs the job, the frame reaches the socket on the second.
    await t.app.jobs.runDue();
    expect(await ruth.next("notification")).toEqual({ type: "notification" });
    const stored = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.churchId, c.church.id), eq(notifications.userId, c.ruth.user.id)));
    expect(stored).toHaveLength(1);
  });
});
