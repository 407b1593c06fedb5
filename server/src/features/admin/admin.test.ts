import { ZActivity, ZAdminStats } from "@common/admin";
import { WEEKLY_POINTS_GOAL } from "@common/points";
import { ZUserStats } from "@common/user";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createEvent, createSermon, invite, uniqueEmail } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { churches } from "../../db/schema/churches";
import { invitationRequests, invitations } from "../../db/schema/invitations";
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
      invitationsToReview: 0,
      invitationsSent: 1,
      firstSteps: { hasSermon: false, hasSentInvitation: true, isChurchSetUp: false },
      pendingKudos: 0,
    });
  });

  it("tells invitations waiting for the admin's review apart from sent ones, and ticks the first steps from real rows", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const stats = async () => ZAdminStats.parse((await a.admin.get("/api/admin/stats")).body);
    expect(await stats()).toMatchObject({
      pendingInvitations: 0,
      invitationsToReview: 0,
      invitationsSent: 0,
      firstSteps: { hasSermon: false, hasSentInvitation: false, isChurchSetUp: false },
    });
    // An imported invitation not yet sent, and a visitor's request from the public page: both wait for review.
    const expiresAt = new Date(Date.now() + 7 * 86_400_000);
    await t.db.insert(invitations).values({
      churchId: a.church.id,
      email: uniqueEmail(),
      role: "CONGREGANT",
      tokenHash: `unsent-${uniqueEmail()}`,
      expiresAt,
      sentAt: null,
      source: "import",
    });
    await t.db.insert(invitationRequests).values({ churchId: a.church.id, name: "Visitor", email: uniqueEmail() });
    await t.db.insert(invitationRequests).values({ churchId: b.church.id, name: "Elsewhere", email: uniqueEmail() });
    expect(await stats()).toMatchObject({ pendingInvitations: 1, invitationsToReview: 2, invitationsSent: 0 });
    expect((await stats()).firstSteps.hasSentInvitation).toBe(false);

    // One sent (then accepted: still counts as the first step done, no longer as waiting), one sent and open.
    const joined = await addMember(t.app, a);
    await invite(a.admin, uniqueEmail());
    await invite(b.admin, uniqueEmail());
    expect(joined.user.churchId).toBe(a.church.id);
    expect(await stats()).toMatchObject({
      invitationsToReview: 2,
      invitationsSent: 1,
      firstSteps: { hasSentInvitation: true },
    });

    // A sermon added; the church's look and a way to reach it make it set up.
    await createSermon(a.admin);
    expect((await stats()).firstSteps.hasSermon).toBe(true);
    await t.db.update(churches).set({ brandColor: "#AA3311" }).where(eq(churches.id, a.church.id));
    expect((await stats()).firstSteps.isChurchSetUp).toBe(false);
    await t.db.update(churches).set({ phone: "555 0100" }).where(eq(churches.id, a.church.id));
    expect((await stats()).firstSteps.isChurchSetUp).toBe(true);
    // Church B's steps are its own.
    expect(ZAdminStats.parse((await b.admin.get("/api/admin/stats")).body)).toMatchObject({
      invitationsToReview: 1,
      invitationsSent: 1,
      firstSteps: { hasSermon: false, hasSentInvitation: true, isChurchSetUp: false },
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
    await drainJobs(t.app); // the church's creation reaches the feed through its event
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

describe("GET /api/admin/recent-activity in the reader's language (issue 26)", () => {
  it("words the same lines in Spanish for a Spanish-speaking admin, in English for the English one who acted", async () => {
    const c = await createChurch(t.app, "Iglesia Central");
    const reader = await addMember(t.app, c, "ADMIN", "Lectora");
    expect((await reader.patch("/api/user/preferences", { language: "es" })).status).toBe(200);
    const m = await addMember(t.app, c, "CONGREGANT", "Priscila");
    const gone = await addMember(t.app, c, "CONGREGANT", "Tomas");
    expect((await c.admin.patch(`/api/admin/members/${m.user.id}`, { role: "GROUP_LEADER" })).status).toBe(200);
    expect((await c.admin.delete(`/api/admin/members/${gone.user.id}`)).status).toBe(204);
    const email = uniqueEmail();
    await invite(c.admin, email, "ADMIN");
    await drainJobs(t.app);

    const feed = async (who: Caller) =>
      ((await who.get("/api/admin/recent-activity")).body as { description: string }[]).map((x) => x.description);
    const spanish = await feed(reader);
    expect(spanish).toContain("Priscila User ahora es Líder de grupo");
    expect(spanish).toContain("Se quitó a Tomas User de la iglesia");
    expect(spanish).toContain(`Invitación enviada a ${email} (Líder de la iglesia (administrador))`);
    expect(spanish).toContain("Se creó Iglesia Central");
    const english = await feed(c.admin);
    expect(english).toContain("Priscila User is now Group Leader");
    expect(english).toContain("Tomas User was removed from the church");
    expect(english).toContain(`Invitation sent to ${email} (Church Leader (Admin))`);
    expect(english).toHaveLength(spanish.length);
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
