import { BADGES } from "@common/badges";
import { readingsFor } from "@common/bible-plan";
import { addDays } from "@common/dates";
import { ONBOARDING_STEPS, POINTS, WEEKLY_POINTS_GOAL } from "@common/points";
import { ZUserBadge } from "@common/user";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createEvent, createSermon, setTimeZone, signUp } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { userBadges } from "../../db/schema/growth";
import { pointsLedger } from "../../db/schema/points";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});

const stepPoints = (id: string) => ONBOARDING_STEPS.find((s) => s.id === id)?.points ?? Number.NaN;
const stats = async (c: Caller) => (await c.get("/api/user/stats")).body;

describe("GET /api/user/stats: points and counts are per church", () => {
  it("a member who moves to another church starts there from zero; the old church keeps its history", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const member = await addMember(t.app, a);
    const sermon = await createSermon(a.admin);
    const now = Date.now();
    const event = await createEvent(a.admin, {
      startTime: new Date(now - 10 * 60_000).toISOString(),
      endTime: new Date(now + 50 * 60_000).toISOString(),
    });
    expect((await member.post(`/api/sermons/${sermon.id}/watch`)).body.pointsAwarded).toBe(10);
    expect((await member.post(`/api/events/${event.id}/check-in`)).status).toBeLessThan(300);
    // The first sermon watched also completes the onboarding journey's "explore_sermons" step (from its event).
    await drainJobs(t.app);
    const firstWatch = POINTS.sermonWatch + stepPoints("explore_sermons");
    expect(await stats(member)).toEqual({
      points: firstWatch,
      sermonsWatched: 1,
      eventsAttended: 1,
      streaks: {},
      weeklyPoints: firstWatch,
      weeklyGoal: WEEKLY_POINTS_GOAL,
    });

    // Removed from A, invited to B.
    expect((await a.admin.delete(`/api/admin/members/${member.user.id}`)).status).toBe(204);
    expect((await member.get("/api/auth/user")).body.points).toBe(0);
    const inv = (await b.admin.post("/api/invitations", { email: member.user.email, role: "CONGREGANT" })).body;
    expect((await member.post(`/api/invite/${inv.token}/accept`)).status).toBe(200);
    expect((await member.get("/api/auth/user")).body).toMatchObject({ churchId: b.church.id, points: 0 });
    expect(await stats(member)).toMatchObject({ points: 0, sermonsWatched: 0, eventsAttended: 0, streaks: {} });
    expect((await stats(member)).weeklyPoints).toBe(0);
    const members = (await b.admin.get("/api/admin/members")).body as { id: string; points: number }[];
    expect(members.find((m) => m.id === member.user.id)?.points).toBe(0);

    // A keeps the record, and the member's points there come back if they return.
    const kept = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, member.user.id), eq(pointsLedger.churchId, a.church.id)));
    expect(kept.map((k) => k.kind).sort()).toEqual(["onboarding_step", "sermon_watch"]);
    expect((await b.admin.delete(`/api/admin/members/${member.user.id}`)).status).toBe(204);
    const back = (await a.admin.post("/api/invitations", { email: member.user.email, role: "CONGREGANT" })).body;
    expect((await member.post(`/api/invite/${back.token}/accept`)).status).toBe(200);
    expect(await stats(member)).toMatchObject({ points: firstWatch, sermonsWatched: 1, eventsAttended: 1 });
    // The same sermon pays nothing twice in the same church.
    expect((await member.post(`/api/sermons/${sermon.id}/watch`)).body.pointsAwarded).toBe(0);
  });

  it("answers 401 signed out and 403 to an account without a church", async () => {
    expect((await new Caller(t.app).get("/api/user/stats")).status).toBe(401);
    expect((await (await signUp(t.app)).get("/api/user/stats")).status).toBe(403);
  });
});

describe("streaks, weekly points and badges", () => {
  it("reports the running reading streak, this week's points against the goal, and badges newest first", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    const { date } = (await member.get("/api/bible-reading/today")).body;
    for (const back of [1, 0]) {
      const day = addDays(date, -back);
      const res = await member.post("/api/bible-reading/complete", { passage: readingsFor(day)[0], readingDate: day });
      expect(res.status).toBe(200);
    }
    // An award from three weeks ago counts in the total only.
    await t.db.insert(pointsLedger).values({
      churchId: c.church.id,
      userId: member.user.id,
      kind: "sermon_watch",
      key: "an-old-sermon",
      points: POINTS.sermonWatch,
      createdAt: new Date(Date.now() - 21 * 86_400_000),
    });
    // This week's action step, completed.
    const step = await c.admin.post("/api/weekly-action-step", {
      title: "Call a friend",
      description: "Pray with them.",
      weekOf: date,
    });
    expect(step.status).toBe(201);
    expect((await member.post(`/api/weekly-action-step/${step.body.id}/complete`)).status).toBe(200);
    const s = await stats(member);
    expect(s.streaks).toEqual({ dailyReading: 2, actionStep: 1 });
    expect(s.weeklyPoints).toBe(2 * POINTS.dailyReading + POINTS.weeklyActionStep + stepPoints("join_growth"));
    expect(s.weeklyGoal).toBe(WEEKLY_POINTS_GOAL);
    expect(s.sermonsWatched).toBe(1);

    // Badges: name, description and icon from the list, with the date earned; another church's are not here.
    await t.db
      .update(userBadges)
      .set({ earnedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(userBadges.userId, member.user.id));
    await t.db
      .insert(userBadges)
      .values({ churchId: c.church.id, userId: member.user.id, badge: "sermon_regular", earnedAt: new Date() });
    const other = await createChurch(t.app);
    await t.db.insert(userBadges).values({ churchId: other.church.id, userId: member.user.id, badge: "welcome" });
    const badges = (await member.get("/api/user/badges")).body.map((b: unknown) => ZUserBadge.parse(b));
    const names = badges.map((b: { name: string }) => b.name);
    expect(names[0]).toBe(BADGES.sermon_regular.name);
    expect(names.slice(1).sort()).toEqual(
      [BADGES.first_action_step.name, BADGES.first_reading.name, BADGES.growth_seeker.name].sort(),
    );
    expect(badges.find((b: { name: string }) => b.name === BADGES.first_reading.name)).toMatchObject({
      description: BADGES.first_reading.description,
      icon: BADGES.first_reading.icon,
    });
    expect((await c.admin.get("/api/user/badges")).body).toEqual([]);
  });

  it("badges answer 401 signed out and 403 without a church", async () => {
    expect((await new Caller(t.app).get("/api/user/badges")).status).toBe(401);
    expect((await (await signUp(t.app)).get("/api/user/badges")).status).toBe(403);
  });
});

describe("kept in memory per member, never stale", () => {
  it("stats and this week's step follow the member's awards and the admin's new step at once", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    const { date, readings } = (await member.get("/api/bible-reading/today")).body;
    const before = await stats(member);
    expect((await member.get("/api/weekly-action-step")).body).toBeNull();

    await member.post("/api/bible-reading/complete", { passage: readings[0].passage, readingDate: date });
    const after = await stats(member);
    expect(after.points).toBeGreaterThan(before.points);
    expect(after.streaks).toEqual({ dailyReading: 1 });

    const step = await c.admin.post("/api/weekly-action-step", {
      title: "Serve",
      description: "Help someone.",
      weekOf: date,
    });
    expect((await member.get("/api/weekly-action-step")).body).toMatchObject({ title: "Serve", isCompleted: false });
    await c.admin.post("/api/weekly-action-step", { title: "Serve twice", description: "Help two.", weekOf: date });
    expect((await member.get("/api/weekly-action-step")).body.title).toBe("Serve twice");
    await member.post(`/api/weekly-action-step/${step.body.id}/complete`);
    expect((await member.get("/api/weekly-action-step")).body.isCompleted).toBe(true);
    expect((await stats(member)).streaks).toEqual({ dailyReading: 1, actionStep: 1 });
  });

  it("the reading streak is read again when the church's day turns at its midnight, not a moment later", async () => {
    const c = await createChurch(t.app);
    await setTimeZone(c, "Pacific/Auckland");
    const member = await addMember(t.app, c);
    // Friday 20 November 2026 in Auckland (UTC+13): the member reads that day's passage.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-20T01:00:00Z") });
    const read = await member.post("/api/bible-reading/complete", {
      passage: readingsFor("2026-11-20")[0],
      readingDate: "2026-11-20",
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    // Saturday 23:59:30 and 23:59:59.999: the run ending yesterday still stands (the answer is kept).
    vi.setSystemTime(new Date("2026-11-21T10:59:30Z"));
    expect((await stats(member)).streaks).toEqual({ dailyReading: 1 });
    vi.setSystemTime(new Date("2026-11-21T10:59:59.999Z"));
    expect((await stats(member)).streaks).toEqual({ dailyReading: 1 });
    // Sunday 00:00: Saturday, now yesterday, was not read, so the streak has ended.
    vi.setSystemTime(new Date("2026-11-21T11:00:00Z"));
    expect((await stats(member)).streaks).toEqual({});
  });
});
