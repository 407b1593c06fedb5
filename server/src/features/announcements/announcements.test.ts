import { ZAnnouncement, ZAnnouncementList } from "@common/announcements";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import {
  addMember,
  createChurch,
  createSermon,
  setTimeZone,
  type TSignedIn,
  type TTestChurch,
} from "../../../test/factories";
import { makeGroup } from "../../../test/group-thread";
import { drainJobs } from "../../../test/jobs";
import { announcementRecipients, announcements } from "../../db/schema/announcements";
import { auditEntries } from "../../db/schema/audit";
import { notifications } from "../../db/schema/community";
import { users } from "../../db/schema/users";
import { sendDueAnnouncement } from "./announcements.service";

let t: TTestApp;
beforeAll(async () => {
  // Only drains run jobs: a test can see that nothing has happened yet.
  t = await createTestApp({}, { runJobs: false });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The app's clock at `iso` (only Date: timers and the database run as usual). */
const clockAt = (iso: string) => vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso) });

/** The queue's clock is the database's: a job due at a time of the app's moved clock is made due now. */
async function runQueueNow() {
  await t.db.execute(sql`update graphile_worker._private_jobs set run_at = now() where task_id =
    (select id from graphile_worker._private_tasks where identifier = 'announcements.send')`);
  await drainJobs(t.app);
}

type TPeople = {
  c: TTestChurch;
  leader: TSignedIn;
  otherLeader: TSignedIn;
  inGroup: TSignedIn;
  outside: TSignedIn;
  groupId: string;
  otherGroupId: string;
};

async function people(): Promise<TPeople> {
  const c = await createChurch(t.app);
  const leader = await addMember(t.app, c, "GROUP_LEADER", "Lea");
  const otherLeader = await addMember(t.app, c, "GROUP_LEADER", "Otto");
  const inGroup = await addMember(t.app, c, "CONGREGANT", "Gina");
  const outside = await addMember(t.app, c, "CONGREGANT", "Olga");
  const groupId = await makeGroup(t.db, c, { leaders: [leader], members: [inGroup] });
  const otherGroupId = await makeGroup(t.db, c, { leaders: [otherLeader] });
  return { c, leader, otherLeader, inGroup, outside, groupId, otherGroupId };
}

const body = (over: Record<string, unknown> = {}) => ({
  title: "Picnic moved",
  message: "The picnic is now on Sunday at the park.",
  audience: { all: true },
  ...over,
});

async function notificationsOf(announcementId: string) {
  return t.db
    .select({ userId: notifications.userId, title: notifications.title, isRead: notifications.isRead })
    .from(notifications)
    .where(and(eq(notifications.kind, "announcement"), eq(notifications.relatedId, announcementId)));
}

describe("writing announcements", () => {
  it("an admin sends one now to the whole church: each member gets it once in the bell and the list", async () => {
    const p = await people();
    const res = await p.c.admin.post("/api/announcements", body({ link: "https://example.org/picnic" }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const a = ZAnnouncement.parse(res.body);
    expect(a).toMatchObject({ status: "sent", recipients: 4, opened: 0, canEdit: false });
    expect(a.sendAt).not.toBeNull();
    await drainJobs(t.app);
    await drainJobs(t.app);
    const rows = await notificationsOf(a.id);
    // Everyone but its author, once.
    expect(rows.map((r) => r.userId).sort()).toEqual(
      [p.leader, p.otherLeader, p.inGroup, p.outside].map((m) => m.user.id).sort(),
    );
    expect(rows[0].title).toBe("Picnic moved");
    const bell = await p.outside.get("/api/notifications");
    expect(JSON.stringify(bell.body)).toContain(`/announcements/${a.id}`);

    const list = ZAnnouncementList.parse((await p.outside.get("/api/announcements")).body);
    expect(list.map((x) => x.id)).toEqual([a.id]);
    expect(list[0]).toMatchObject({ isRead: false, recipients: null, opened: null, canEdit: false });
    // Opening it reads it, and its bell entry with it; the admin's counts follow.
    const opened = await p.outside.get(`/api/announcements/${a.id}`);
    expect(opened.body.isRead).toBe(true);
    await drainJobs(t.app);
    expect((await notificationsOf(a.id)).find((r) => r.userId === p.outside.user.id)?.isRead).toBe(true);
    const admin = ZAnnouncementList.parse((await p.c.admin.get("/api/announcements")).body);
    expect(admin[0]).toMatchObject({ id: a.id, recipients: 4, opened: 1, emailed: 0 });
    const audit = await t.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(eq(auditEntries.targetId, a.id));
    expect(audit.map((e) => e.action).sort()).toEqual(["announcement.created", "announcement.sent"]);
  });

  it("a group's leader writes to their group only; another leader, a congregant and other audiences are refused", async () => {
    const p = await people();
    const toGroup = body({ audience: { groupIds: [p.groupId] } });
    const res = await p.leader.post("/api/announcements", toGroup);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await drainJobs(t.app);
    // The group's members and leaders (the author left out): Gina only here.
    expect((await notificationsOf(res.body.id)).map((r) => r.userId)).toEqual([p.inGroup.user.id]);
    expect((await p.otherLeader.post("/api/announcements", toGroup)).status).toBe(403);
    expect((await p.inGroup.post("/api/announcements", toGroup)).status).toBe(403);
    expect((await p.inGroup.post("/api/announcements", body())).status).toBe(403);
    expect((await p.leader.post("/api/announcements", body())).status).toBe(403);
    expect((await p.leader.post("/api/announcements", body({ audience: { roles: ["CONGREGANT"] } }))).status).toBe(403);
    const both = body({ audience: { groupIds: [p.groupId, p.otherGroupId] } });
    expect((await p.leader.post("/api/announcements", both)).status).toBe(403);
    // The leader sees what they wrote with its counts; the member what was sent to them.
    const mine = ZAnnouncementList.parse((await p.leader.get("/api/announcements")).body);
    expect(mine[0]).toMatchObject({ id: res.body.id, recipients: 1, groups: [{ id: p.groupId }] });
    expect((await p.outside.get("/api/announcements")).body).toEqual([]);
    expect((await p.outside.get(`/api/announcements/${res.body.id}`)).status).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/announcements" })).statusCode).toBe(401);
  });

  it("an audience of roles: a Super Admin counts as an Admin", async () => {
    const p = await people();
    const admin2 = await addMember(t.app, p.c, "ADMIN", "Ada");
    const superAdmin = await addMember(t.app, p.c, "CONGREGANT", "Sue");
    await t.db.update(users).set({ role: "SUPER_ADMIN" }).where(eq(users.id, superAdmin.user.id));
    const res = await p.c.admin.post("/api/announcements", body({ audience: { roles: ["ADMIN", "GROUP_LEADER"] } }));
    expect(res.status).toBe(201);
    await drainJobs(t.app);
    const got = (await notificationsOf(res.body.id)).map((r) => r.userId).sort();
    expect(got).toEqual([admin2, superAdmin, p.leader, p.otherLeader].map((m) => m.user.id).sort());
  });

  it("refuses bad input with a 400 and stores nothing", async () => {
    const p = await people();
    const sermon = await createSermon(p.c.admin);
    const other = await createChurch(t.app);
    const theirSermon = await createSermon(other.admin);
    const cases: [Record<string, unknown>, string][] = [
      [body({ title: "" }), "Title is required"],
      [body({ title: "x".repeat(121) }), "Title must be at most 120 characters"],
      [body({ message: " " }), "Message is required"],
      [body({ message: "x".repeat(4001) }), "Message must be at most 4,000 characters"],
      [body({ audience: {} }), "audience"],
      [body({ audience: { groupIds: [] } }), "Choose at least one group"],
      [body({ audience: { roles: ["POPE"] } }), "roles"],
      [body({ audience: { all: true, roles: ["ADMIN"] } }), "audience"],
      [body({ link: "http://example.org" }), "The link must be"],
      [body({ link: "/prayer/123" }), "The link must be"],
      [body({ link: `/sermons/${theirSermon.id}` }), "The link must be"],
      [body({ sendAt: "tomorrow" }), "sendAt must be a date and time"],
      [body({ sendAt: new Date(Date.now() + 400 * 86_400_000).toISOString() }), "at most 366 days ahead"],
      [body({ urgent: "yes" }), "urgent must be true or false"],
    ];
    for (const [b, words] of cases) {
      const res = await p.c.admin.post("/api/announcements", b);
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(b)).toContain(words);
    }
    expect(await t.db.select().from(announcements).where(eq(announcements.churchId, p.c.church.id))).toEqual([]);
    // The church's own sermon is a fine link.
    expect((await p.c.admin.post("/api/announcements", body({ link: `/sermons/${sermon.id}` }))).status).toBe(201);
  });

  it("church B gets 404 on church A's announcements and groups, and lists none of them", async () => {
    const p = await people();
    const b = await createChurch(t.app);
    const bMember = await addMember(t.app, b);
    const draft = (await p.c.admin.post("/api/announcements", body({ draft: true }))).body;
    const sent = (await p.c.admin.post("/api/announcements", body())).body;
    for (const id of [draft.id, sent.id]) {
      expect((await b.admin.get(`/api/announcements/${id}`)).status).toBe(404);
      expect((await b.admin.patch(`/api/announcements/${id}`, { title: "Mine" })).status).toBe(404);
      expect((await b.admin.delete(`/api/announcements/${id}`)).status).toBe(404);
      expect((await bMember.get(`/api/announcements/${id}`)).status).toBe(404);
    }
    expect((await b.admin.get("/api/announcements")).body).toEqual([]);
    const res = await b.admin.post("/api/announcements", body({ audience: { groupIds: [p.groupId] } }));
    expect(res.status).toBe(404);
    expect((await b.admin.get("/api/announcements/not-an-id")).status).toBe(404);
  });

  it("a draft is scheduled, edited and cancelled; once sent it can be neither changed nor cancelled (409)", async () => {
    const p = await people();
    const draft = ZAnnouncement.parse((await p.c.admin.post("/api/announcements", body({ draft: true }))).body);
    expect(draft).toMatchObject({ status: "draft", sendAt: null, canEdit: true, recipients: 0 });
    // Members do not see drafts or scheduled ones.
    expect((await p.outside.get("/api/announcements")).body).toEqual([]);
    expect((await p.outside.get(`/api/announcements/${draft.id}`)).status).toBe(404);
    expect((await p.outside.patch(`/api/announcements/${draft.id}`, { title: "x" })).status).toBe(404);

    const inADay = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await p.c.admin.patch(`/api/announcements/${draft.id}`, { draft: false, sendAt: inADay });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body).toMatchObject({ status: "scheduled", sendAt: inADay });
    const jobs = () =>
      t.db.execute<{ run_at: Date }>(
        sql`select run_at from graphile_worker.jobs where key = ${`announcement:${draft.id}`}`,
      );
    expect((await jobs()).rows.map((r) => new Date(r.run_at).toISOString())).toEqual([inADay]);
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const edited = await p.c.admin.patch(`/api/announcements/${draft.id}`, {
      title: "Picnic on Monday",
      sendAt: later,
    });
    expect(edited.body).toMatchObject({ title: "Picnic on Monday", status: "scheduled", sendAt: later });
    expect((await jobs()).rows.map((r) => new Date(r.run_at).toISOString())).toEqual([later]);
    expect((await p.c.admin.patch(`/api/announcements/${draft.id}`, {})).status).toBe(400);

    expect((await p.c.admin.delete(`/api/announcements/${draft.id}`)).status).toBe(204);
    expect((await jobs()).rows).toEqual([]);
    expect((await p.c.admin.get(`/api/announcements/${draft.id}`)).status).toBe(404);

    const sent = (await p.c.admin.post("/api/announcements", body())).body;
    const patched = await p.c.admin.patch(`/api/announcements/${sent.id}`, { title: "Too late" });
    expect(patched.status).toBe(409);
    expect(patched.body.message).toBe("This announcement has been sent: it cannot be changed.");
    const cancelled = await p.c.admin.delete(`/api/announcements/${sent.id}`);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe("This announcement has been sent: it cannot be cancelled.");
    // A recipient who is not its author is told no; a leader cannot change an admin's.
    expect((await p.outside.delete(`/api/announcements/${sent.id}`)).status).toBe(403);
    const byLeader = (
      await p.leader.post("/api/announcements", body({ audience: { groupIds: [p.groupId] }, draft: true }))
    ).body;
    expect((await p.c.admin.patch(`/api/announcements/${byLeader.id}`, { urgent: true })).status).toBe(200);
    expect((await p.leader.delete(`/api/announcements/${byLeader.id}`)).status).toBe(204);
  });
});

describe("erasure", () => {
  it("an erased member's recipient rows go; an erased author's announcements stay, without a name", async () => {
    const p = await people();
    const byLeader = (await p.leader.post("/api/announcements", body({ audience: { groupIds: [p.groupId] } }))).body;
    const toAll = (await p.c.admin.post("/api/announcements", body())).body;
    await drainJobs(t.app);
    for (const m of [p.leader, p.inGroup]) {
      const res = await p.c.admin.post(`/api/admin/members/${m.user.id}/erase`, { reason: "Asked by letter" });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const rowsOf = (id: string) =>
      t.db.select().from(announcementRecipients).where(eq(announcementRecipients.announcementId, id));
    expect(await rowsOf(byLeader.id)).toEqual([]);
    expect((await rowsOf(toAll.id)).map((r) => r.userId).sort()).toEqual(
      [p.otherLeader, p.outside].map((m) => m.user.id).sort(),
    );
    const list = ZAnnouncementList.parse((await p.c.admin.get("/api/announcements")).body);
    const kept = list.find((a) => a.id === byLeader.id);
    expect(kept).toMatchObject({ author: null, title: "Picnic moved", recipients: 1 });
    expect(JSON.stringify(list)).not.toContain("Lea");
  });
});

describe("sending at the time", () => {
  for (const [zone, now, sendAt] of [
    // New York, across the change to summer time (Sunday 14 March 2027, 02:00 → 03:00): 10:00 EDT.
    // (Times after the database's own clock: the queue waits for them until the test makes them due.)
    ["America/New_York", "2027-03-13T15:00:00Z", "2027-03-14T10:00:00-04:00"],
    // Seoul, no daylight saving: 10:00 KST.
    ["Asia/Seoul", "2027-03-13T15:00:00Z", "2027-03-14T10:00:00+09:00"],
  ] as const) {
    it(`goes out once at its time to its audience only (${zone})`, async () => {
      clockAt(now);
      const p = await people();
      await setTimeZone(p.c, zone);
      const other = await createChurch(t.app);
      const otherMember = await addMember(t.app, other);
      const res = await p.leader.post(
        "/api/announcements",
        body({ audience: { groupIds: [p.groupId] }, sendAt, urgent: true }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ status: "scheduled", sendAt: new Date(sendAt).toISOString() });

      // Before its time: the queue runs, nothing goes.
      await runQueueNow();
      expect(await notificationsOf(res.body.id)).toEqual([]);
      expect((await p.inGroup.get("/api/announcements")).body).toEqual([]);

      // At its time: once, to the group's member (its leader wrote it), not to others nor another church.
      clockAt(new Date(new Date(sendAt).getTime() + 60_000).toISOString());
      await runQueueNow();
      await runQueueNow();
      const got = await notificationsOf(res.body.id);
      expect(got.map((r) => r.userId)).toEqual([p.inGroup.user.id]);
      expect(got[0].title).toBe("Urgent: Picnic moved");
      expect(got.map((r) => r.userId)).not.toContain(otherMember.user.id);
      const [row] = await t.db.select().from(announcements).where(eq(announcements.id, res.body.id));
      expect(row).toMatchObject({ status: "sent", recipientCount: 1 });
      expect(row.sentAt?.getTime()).toBeGreaterThanOrEqual(new Date(sendAt).getTime());

      // A member who joins the group afterwards does not get it.
      const late = await addMember(t.app, p.c, "CONGREGANT", "Late");
      await makeGroup(t.db, p.c, { members: [late] });
      await runQueueNow();
      expect((await late.get("/api/announcements")).body).toEqual([]);
      expect((await late.get(`/api/announcements/${res.body.id}`)).status).toBe(404);
      const recipients = await t.db
        .select()
        .from(announcementRecipients)
        .where(eq(announcementRecipients.announcementId, res.body.id));
      expect(recipients.map((r) => r.userId)).toEqual([p.inGroup.user.id]);
      const list = ZAnnouncementList.parse((await p.inGroup.get("/api/announcements")).body);
      expect(list.map((a) => [a.id, a.urgent, a.status])).toEqual([[res.body.id, true, "sent"]]);
    });
  }

  it("a member who joined after it was sent does not see it", async () => {
    const p = await people();
    const sent = (await p.c.admin.post("/api/announcements", body())).body;
    await drainJobs(t.app);
    const late = await addMember(t.app, p.c, "CONGREGANT", "Newcomer");
    await drainJobs(t.app);
    expect((await late.get("/api/announcements")).body).toEqual([]);
    expect((await late.get(`/api/announcements/${sent.id}`)).status).toBe(404);
    expect((await notificationsOf(sent.id)).map((r) => r.userId)).not.toContain(late.user.id);
  });
});

describe("an announcement's job run before its time on the app's clock", () => {
  // The queue runs a job when the database's clock reaches its run_at: with the database's clock
  // ahead of the app's, the job for 12:00 runs at the app's 11:5x. It waits for the time left.
  it("waits the time left instead of being due again at once, then goes out once", async () => {
    const realNow = Date.now();
    clockAt(new Date(realNow - 10 * 60_000).toISOString());
    const p = await people();
    const sendAt = new Date(realNow - 5 * 60_000).toISOString();
    const res = await p.c.admin.post("/api/announcements", body({ sendAt }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status).toBe("scheduled");
    // What the worker does when the database's clock has passed 12:00 (the app's reads 11:50).
    await sendDueAnnouncement(t.db, { churchId: p.c.church.id, announcementId: res.body.id });
    const waiting = await t.db.execute<{ due: boolean; waits: number }>(
      sql`select run_at <= now() as due, extract(epoch from run_at - now()) as waits
          from graphile_worker.jobs where key = ${`announcement:${res.body.id}`}`,
    );
    expect(waiting.rows).toHaveLength(1);
    expect(waiting.rows[0].due).toBe(false);
    expect(Number(waiting.rows[0].waits)).toBeGreaterThan(4 * 60);
    expect(Number(waiting.rows[0].waits)).toBeLessThanOrEqual(5 * 60);
    const [row] = await t.db.select().from(announcements).where(eq(announcements.id, res.body.id));
    expect(row.status).toBe("scheduled");

    // Its time on the app's clock: it goes, once.
    vi.useRealTimers();
    await runQueueNow();
    await runQueueNow();
    const [sent] = await t.db.select().from(announcements).where(eq(announcements.id, res.body.id));
    expect(sent).toMatchObject({ status: "sent" });
    expect((await notificationsOf(res.body.id)).length).toBe(sent.recipientCount);
  });
});
