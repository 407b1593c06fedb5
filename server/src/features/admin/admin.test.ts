import { ZActivity, ZAdminStats } from "@common/admin";
import { WEEKLY_POINTS_GOAL } from "@common/points";
import { ZUserStats } from "@common/user";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createEvent, invite, uniqueEmail } from "../../../test/factories";
import { users } from "../../db/schema/users";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("GET /api/admin/stats", () => {
  it("counts the church's own members, admins, active and new members and pending invitations", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const second = await addMember(t.app, a, "ADMIN");
    const quiet = await addMember(t.app, a, "CONGREGANT");
    const old = await addMember(t.app, a, "GROUP_LEADER");
    await addMember(t.app, b);
    await invite(a.admin, uniqueEmail());
    // Prayer requests: only the open ones count (not answered, not hidden), and only the church's own.
    // (Asked by the admins, who are active anyway: a request marks its author active.)
    const ask = async (who: typeof second, isAnonymous = false) => {
      const r = await who.post("/api/prayer-requests", { title: "Healing", description: "For my knee.", isAnonymous });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.id as string;
    };
    await ask(second);
    await ask(second, true);
    expect((await second.patch(`/api/prayer-requests/${await ask(second)}/answered`)).status).toBe(200);
    expect((await a.admin.patch(`/api/prayer-requests/${await ask(a.admin)}/hidden`, { hidden: true })).status).toBe(
      200,
    );
    await ask(b.admin);
    // One member has not been seen for a month and joined long ago.
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    await t.db.update(users).set({ lastActiveAt: longAgo }).where(eq(users.id, quiet.user.id));
    await t.db.update(users).set({ createdAt: longAgo, lastActiveAt: longAgo }).where(eq(users.id, old.user.id));

    const res = await a.admin.get("/api/admin/stats");
    expect(res.status).toBe(200);
    const stats = ZAdminStats.parse(res.body);
    expect(stats).toEqual({
      totalMembers: 4,
      totalAdmins: 2,
      activeThisWeek: 2,
      totalSermons: 0,
      upcomingEvents: 0,
      prayerRequests: 2,
      newMembersThisMonth: 3,
      pendingInvitations: 1,
      pendingKudos: 0,
    });
  });

  it("counts an event happening now among the upcoming ones, never an ended one or another church's", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const at = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    await createEvent(a.admin, { title: "Happening", startTime: at(-1), endTime: at(1) });
    await createEvent(a.admin, { title: "Ended", startTime: at(-3), endTime: at(-2) });
    await createEvent(a.admin, { title: "Tomorrow", startTime: at(24), endTime: at(25) });
    await createEvent(b.admin, { title: "Elsewhere", startTime: at(24), endTime: at(25) });
    expect(ZAdminStats.parse((await a.admin.get("/api/admin/stats")).body).upcomingEvents).toBe(2);
  });

  it("refuses congregants and group leaders (403)", async () => {
    const c = await createChurch(t.app);
    for (const role of ["CONGREGANT", "GROUP_LEADER"] as const) {
      const m = await addMember(t.app, c, role);
      expect((await m.get("/api/admin/stats")).status).toBe(403);
      expect((await m.get("/api/admin/recent-activity")).status).toBe(403);
    }
    expect((await new Caller(t.app).get("/api/admin/stats")).status).toBe(401);
  });
});

describe("GET /api/admin/recent-activity", () => {
  it("lists the church's own activity, newest first, never another church's", async () => {
    const a = await createChurch(t.app, "Alpha Church");
    const b = await createChurch(t.app, "Beta Church");
    const email = uniqueEmail();
    await invite(a.admin, email, "ADMIN");
    await invite(b.admin, uniqueEmail());
    const res = await a.admin.get("/api/admin/recent-activity");
    expect(res.status).toBe(200);
    const items = res.body.map((x: unknown) => ZActivity.parse(x));
    expect(items.map((x: { description: string }) => x.description)).toEqual([
      `Invitation sent to ${email} (Church Leader (Admin))`,
      "Alpha Church was created",
    ]);
    expect(new Date(items[0].timestamp).getTime()).toBeGreaterThanOrEqual(new Date(items[1].timestamp).getTime());
  });
});

describe("GET /api/user/stats", () => {
  it("gives a member their own points and an empty streak map", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    await t.db.update(users).set({ points: 35 }).where(eq(users.id, m.user.id));
    await t.app.userCache.invalidate("user", m.user.id);
    const res = await m.get("/api/user/stats");
    expect(res.status).toBe(200);
    expect(ZUserStats.parse(res.body)).toEqual({
      points: 35,
      sermonsWatched: 0,
      eventsAttended: 0,
      streaks: {},
      weeklyPoints: 0,
      weeklyGoal: WEEKLY_POINTS_GOAL,
    });
    expect((await new Caller(t.app).get("/api/user/stats")).status).toBe(401);
  });
});
