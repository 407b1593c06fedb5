import { type TNotificationList, ZMarkAllReadResult, ZNotificationList } from "@common/notifications";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createEvent, createSermon, invite, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { notifications } from "../../db/schema/community";
import { ownText } from "../../lib/notification-text";
import { notify, type TNotifyInput } from "./notify";

/**
 * Issue 24: the notifications page's history (paged, one kind at a time, several marked read at
 * once) and item 9: a new member starts with none from before they joined.
 */

let t: TTestApp;
beforeAll(async () => {
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

/** The caller's notifications once what follows each change (domain events' subscribers) has run. */
async function list(who: Caller, query = ""): Promise<TNotificationList> {
  await drainJobs(t.app);
  const res = await who.get(`/api/notifications${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZNotificationList.parse(res.body);
}

/** `n` notifications for everyone in the church, one statement each (so each its own moment). */
async function notifyMany(c: TTestChurch, n: number, over: TNote = {}) {
  for (let i = 0; i < n; i++) await notify(t.db, { churchId: c.church.id }, note({ message: `News ${i}`, ...over }));
}

describe("the notifications history", () => {
  it("pages through every notification, newest first, with the true unread count", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c, "CONGREGANT", "Ruth");
    await notifyMany(c, 7);
    const first = await list(ruth, "?limit=3");
    expect(first.notifications.map((n) => n.message)).toEqual(["News 6", "News 5", "News 4"]);
    expect(first).toMatchObject({ unreadCount: 7, hasMore: true });
    const second = await list(ruth, `?limit=3&before=${first.notifications[2].id}`);
    expect(second.notifications.map((n) => n.message)).toEqual(["News 3", "News 2", "News 1"]);
    const third = await list(ruth, `?limit=3&before=${second.notifications[2].id}`);
    expect(third.notifications.map((n) => n.message)).toEqual(["News 0"]);
    expect(third.hasMore).toBe(false);
    // The bell's answer is what it was: the newest 50, and now whether more follow.
    const bell = await list(ruth);
    expect(bell.notifications).toHaveLength(7);
    expect(bell.hasMore).toBe(false);
  });

  it("keeps one kind when asked, while the unread count stays every kind's", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c, "CONGREGANT", "Ruth");
    await notifyMany(c, 2);
    await notifyMany(c, 3, { kind: "event_published", title: "New event" });
    const events = await list(ruth, "?kind=event_published");
    expect(events.notifications).toHaveLength(3);
    expect(events.notifications.every((n) => n.kind === "event_published")).toBe(true);
    expect(events.unreadCount).toBe(5);
    const page = await list(ruth, `?kind=event_published&limit=2`);
    const rest = await list(ruth, `?kind=event_published&limit=2&before=${page.notifications[1].id}`);
    expect(rest.notifications).toHaveLength(1);
    expect(rest.notifications[0].kind).toBe("event_published");
  });

  it("refuses bad paging and kinds with a sentence", async () => {
    const c = await createChurch(t.app);
    for (const [query, message] of [
      ["?kind=gossip", "kind must be one of the notification kinds"],
      ["?limit=0", "limit must be at least 1"],
      ["?limit=101", "limit must be at most 100"],
      ["?before=nope", "before must be the id of a notification"],
    ]) {
      const res = await c.admin.get(`/api/notifications${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const empty = await c.admin.patch("/api/notifications/read", { ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("ids must name at least one notification");
  });

  it("marks several read at once, only the caller's own; other churches and the signed out get nothing", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c, "CONGREGANT", "Ruth");
    const boaz = await addMember(t.app, c, "CONGREGANT", "Boaz");
    const other = await createChurch(t.app);
    await notifyMany(c, 3);
    await notifyMany(other, 1);
    const ruths = (await list(ruth)).notifications;
    const boazs = (await list(boaz)).notifications;
    const theirs = (await list(other.admin)).notifications;

    const res = await ruth.patch("/api/notifications/read", {
      ids: [ruths[0].id, ruths[1].id, boazs[0].id, theirs[0].id],
    });
    expect(res.status).toBe(200);
    expect(ZMarkAllReadResult.parse(res.body)).toEqual({ updated: 2 });
    expect((await list(ruth)).unreadCount).toBe(1);
    expect((await list(boaz)).unreadCount).toBe(3);
    expect((await list(other.admin)).unreadCount).toBe(1);
    // Again: nothing left to change.
    expect((await ruth.patch("/api/notifications/read", { ids: [ruths[0].id] })).body).toEqual({ updated: 0 });
    // Paging from another's notification finds nothing.
    expect((await list(ruth, `?before=${theirs[0].id}`)).notifications).toEqual([]);

    const signedOut = await new Caller(t.app).patch("/api/notifications/read", { ids: [ruths[2].id] });
    expect(signedOut.status).toBe(401);
    expect((await list(ruth)).unreadCount).toBe(1);
  });
});

describe("a new member's notifications (issue 24 item 9)", () => {
  it("start with none of what was published before they joined, and hear what comes after", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c, "CONGREGANT", "Ruth");
    await createSermon(c.admin, { title: "Before One" });
    await createSermon(c.admin, { title: "Before Two" });
    await createEvent(c.admin, { title: "Before Event" });
    expect((await list(ruth)).unreadCount).toBe(3);

    const newcomer = await addMember(t.app, c, "CONGREGANT", "Naomi");
    expect(await list(newcomer)).toEqual({ notifications: [], unreadCount: 0, hasMore: false });

    await createSermon(c.admin, { title: "After" });
    const after = await list(newcomer);
    expect(after.notifications.map((n) => n.message)).toEqual(["After by Pastor John"]);
    expect(after.unreadCount).toBe(1);
  });

  it("who left and was invited back start afresh", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c, "CONGREGANT", "Ruth");
    await createSermon(c.admin, { title: "While a member" });
    expect((await list(ruth)).unreadCount).toBe(1);

    expect((await c.admin.delete(`/api/admin/members/${ruth.user.id}`)).status).toBe(204);
    await createSermon(c.admin, { title: "While away" });
    const inv = await invite(c.admin, ruth.user.email);
    const accepted = await ruth.post(`/api/invite/${inv.token}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    expect(await list(ruth)).toEqual({ notifications: [], unreadCount: 0, hasMore: false });
    const stored = await t.db.select().from(notifications).where(eq(notifications.userId, ruth.user.id));
    expect(stored).toEqual([]);
  });
});
