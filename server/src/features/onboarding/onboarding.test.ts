import { BADGES } from "@common/badges";
import {
  FINAL_STEP_LOCKED,
  ONBOARDING_STEP_IDS,
  UNKNOWN_STEP,
  ZCompleteStepResult,
  ZGamificationBadge,
  ZOnboardingProgress,
  ZOnboardingStep,
} from "@common/onboarding";
import { ONBOARDING_STEPS } from "@common/points";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import {
  addMember,
  createChurch,
  createSermon,
  invite,
  signUp,
  type TSignedIn,
  type TTestChurch,
} from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { onboardingProgress, userBadges } from "../../db/schema/growth";
import { pointsLedger } from "../../db/schema/points";
import { users } from "../../db/schema/users";
import type { TChurchCtx } from "../../lib/context";
import { awardPoints } from "../../lib/points";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const TOTAL = ONBOARDING_STEPS.reduce((sum, s) => sum + s.points, 0);
const pointsOf = (id: string) => ONBOARDING_STEPS.find((s) => s.id === id)?.points ?? Number.NaN;
const badgeKeys = ONBOARDING_STEPS.flatMap((s) => (s.badge ? [s.badge] : []));

/** A context for a member, to pay an award the way another feature would (reading, action step). */
function ctxOf(m: TSignedIn): TChurchCtx {
  return {
    db: t.db,
    userId: m.user.id,
    churchId: m.user.churchId as string,
    role: m.user.role,
    timeZone: "UTC",
    changed: async () => {},
  };
}

async function ledgerRows(m: TSignedIn) {
  return t.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, m.user.id), eq(pointsLedger.kind, "onboarding_step")));
}

async function progressOf(m: Caller) {
  const res = await m.get("/api/onboarding/progress");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZOnboardingProgress.parse(res.body);
}

describe("who may call the onboarding and gamification endpoints", () => {
  const calls: [string, string, unknown?][] = [
    ["GET", "/api/onboarding/steps"],
    ["GET", "/api/onboarding/progress"],
    ["POST", "/api/onboarding/start", { onboardingType: "member" }],
    ["POST", "/api/onboarding/complete-step", { stepId: "welcome" }],
    ["GET", "/api/gamification/points"],
    ["GET", "/api/gamification/badges"],
  ];

  it("answers 401 signed out and 403 to a user without a church, storing nothing", async () => {
    const anonymous = new Caller(t.app);
    const churchless = await signUp(t.app);
    for (const [method, url, body] of calls) {
      expect((await anonymous.request(method as "GET", url, body)).status, url).toBe(401);
      expect((await churchless.request(method as "GET", url, body)).status, url).toBe(403);
    }
    expect(await ledgerRows(churchless)).toEqual([]);
    const rows = await t.db.select().from(onboardingProgress).where(eq(onboardingProgress.userId, churchless.user.id));
    expect(rows).toEqual([]);
  });

  it("lets every role of a church use them", async () => {
    const c = await createChurch(t.app);
    for (const m of [c.admin, await addMember(t.app, c, "GROUP_LEADER"), await addMember(t.app, c)]) {
      expect((await m.post("/api/onboarding/complete-step", { stepId: "welcome" })).status).toBe(200);
      expect((await m.get("/api/gamification/points")).body).toEqual({ totalPoints: pointsOf("welcome") });
    }
  });
});

describe("GET /api/onboarding/steps", () => {
  it("lists the eight steps in the spec's order with their points, badge, words and action", async () => {
    const c = await createChurch(t.app);
    const res = await c.admin.get("/api/onboarding/steps");
    expect(res.status).toBe(200);
    const steps = res.body.map((s: unknown) => ZOnboardingStep.parse(s));
    expect(steps.map((s: { id: string }) => s.id)).toEqual([
      "welcome",
      "profile_setup",
      "explore_sermons",
      "join_growth",
      "give_kudos",
      "prayer_requests",
      "community_features",
      "onboarding_complete",
    ]);
    expect(steps.map((s: { points: number }) => s.points)).toEqual([10, 20, 25, 30, 15, 20, 15, 50]);
    expect(steps.map((s: { badge: string | null }) => s.badge)).toEqual([
      "welcome",
      "profile_complete",
      "first_sermon",
      "growth_seeker",
      "first_kudos",
      null,
      null,
      "onboarding_complete",
    ]);
    for (const s of steps) {
      expect(s.title.length, s.id).toBeGreaterThan(0);
      expect(s.description.length, s.id).toBeGreaterThan(0);
      if (s.badge) expect(s.badgeTitle).toBe(BADGES[s.badge as keyof typeof BADGES].name);
    }
    expect(steps.find((s: { id: string }) => s.id === "explore_sermons").actionUrl).toBe("/sermons");
  });
});

describe("starting the journey", () => {
  it("begins once with the spec's type; a repeat keeps the first start; nothing is paid", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const before = await progressOf(m);
    expect(before).toMatchObject({
      isCompleted: "false",
      stepsCompleted: [],
      completionPercentage: "0",
      onboardingType: null,
      startedAt: null,
    });
    const first = await m.post("/api/onboarding/start", { onboardingType: "member" });
    expect(first.status).toBe(200);
    expect(ZOnboardingProgress.parse(first.body)).toMatchObject({ onboardingType: "member", stepsCompleted: [] });
    expect(first.body.startedAt).toEqual(expect.any(String));
    const again = await m.post("/api/onboarding/start", { onboardingType: "member" });
    expect(again.body.startedAt).toBe(first.body.startedAt);
    expect((await m.get("/api/gamification/points")).body.totalPoints).toBe(0);
  });

  it("refuses an unknown or missing type with 400 and stores nothing", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    for (const body of [{ onboardingType: "visitor" }, {}, { onboardingType: 7 }]) {
      const res = await m.post("/api/onboarding/start", body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toEqual({ path: "onboardingType", message: "Unknown onboarding type" });
    }
    const rows = await t.db.select().from(onboardingProgress).where(eq(onboardingProgress.userId, m.user.id));
    expect(rows).toEqual([]);
  });
});

describe("POST /api/onboarding/complete-step", () => {
  it("pays the step's own points and badge, ignoring the client's pointsEarned and badgeType", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const res = await m.post("/api/onboarding/complete-step", {
      stepId: "welcome",
      pointsEarned: 9999,
      badgeType: "onboarding_complete",
    });
    expect(res.status).toBe(200);
    const body = ZCompleteStepResult.parse(res.body);
    expect(body).toMatchObject({ stepId: "welcome", pointsAwarded: pointsOf("welcome"), totalPoints: 10 });
    expect(body.badgeEarned).toMatchObject({ badge: "welcome", badgeTitle: BADGES.welcome.name });
    expect(body.progress).toMatchObject({ stepsCompleted: ["welcome"], completionPercentage: "13" });
    expect((await m.get("/api/auth/user")).body.points).toBe(10);
    const badges = (await m.get("/api/gamification/badges")).body;
    expect(badges.map((b: { badge: string }) => b.badge)).toEqual(["welcome"]);
  });

  it("refuses an unknown step with 400 and stores nothing", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    for (const body of [{ stepId: "free_points" }, { stepId: "" }, {}, { stepId: ["welcome"] }]) {
      const res = await m.post("/api/onboarding/complete-step", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0]).toEqual({ path: "stepId", message: UNKNOWN_STEP });
    }
    const bad = await m.post("/api/onboarding/complete-step", { stepId: "welcome", pointsEarned: "lots" });
    expect(bad.status).toBe(400);
    expect(await ledgerRows(m)).toEqual([]);
    expect((await m.get("/api/gamification/points")).body.totalPoints).toBe(0);
    expect((await m.get("/api/gamification/badges")).body).toEqual([]);
  });

  it("pays a step once when it is sent 20 times at once", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => m.post("/api/onboarding/complete-step", { stepId: "join_growth" })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const paid = answers.map((a) => a.body.pointsAwarded).filter((p) => p > 0);
    expect(paid).toEqual([pointsOf("join_growth")]);
    expect(answers.filter((a) => a.body.badgeEarned).length).toBe(1);
    expect(await ledgerRows(m)).toHaveLength(1);
    expect((await m.get("/api/gamification/points")).body.totalPoints).toBe(pointsOf("join_growth"));
    const badges = await t.db.select().from(userBadges).where(eq(userBadges.userId, m.user.id));
    expect(badges.map((b) => b.badge)).toEqual(["growth_seeker"]);
  });

  it("keeps the last step closed until the seven others are done", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    await m.post("/api/onboarding/complete-step", { stepId: "welcome" });
    const res = await m.post("/api/onboarding/complete-step", { stepId: "onboarding_complete" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(FINAL_STEP_LOCKED);
    expect((await ledgerRows(m)).map((r) => r.key)).toEqual(["welcome"]);
    expect((await progressOf(m)).isCompleted).toBe("false");
  });

  it("completes all eight for 185 points and its six badges; the journey is then complete", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    await m.post("/api/onboarding/start", { onboardingType: "member" });
    let seen = 0;
    for (const [i, id] of ONBOARDING_STEP_IDS.entries()) {
      const res = await m.post("/api/onboarding/complete-step", { stepId: id, pointsEarned: 9999 });
      expect(res.status, id).toBe(200);
      seen += res.body.pointsAwarded;
      expect(res.body.progress.stepsCompleted).toHaveLength(i + 1);
      expect(res.body.progress.completionPercentage).toBe(String(Math.round(((i + 1) / 8) * 100)));
      expect(res.body.progress.isCompleted).toBe(i === 7 ? "true" : "false");
    }
    expect(TOTAL).toBe(185);
    expect(seen).toBe(TOTAL);
    expect((await m.get("/api/gamification/points")).body).toEqual({ totalPoints: TOTAL });
    expect((await m.get("/api/auth/user")).body.points).toBe(TOTAL);
    const progress = await progressOf(m);
    expect(progress).toMatchObject({ isCompleted: "true", completionPercentage: "100" });
    expect(progress.completedAt).toEqual(expect.any(String));
    const badges = (await m.get("/api/gamification/badges")).body.map((b: unknown) => ZGamificationBadge.parse(b));
    expect(badges.map((b: { badge: string }) => b.badge).sort()).toEqual([...badgeKeys].sort());
    for (const b of badges) {
      expect(b.badgeTitle).toBe(BADGES[b.badge as keyof typeof BADGES].name);
      expect(b.badgeIcon).toBe(BADGES[b.badge as keyof typeof BADGES].icon);
    }
    // Doing it again pays nothing.
    const again = await m.post("/api/onboarding/complete-step", { stepId: "onboarding_complete" });
    expect(again.body).toMatchObject({ pointsAwarded: 0, totalPoints: TOTAL, badgeEarned: null });
  });
  it("pays the last step once when it is sent 20 times at once", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    for (const id of ONBOARDING_STEP_IDS.slice(0, -1)) {
      expect((await m.post("/api/onboarding/complete-step", { stepId: id })).status).toBe(200);
    }
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => m.post("/api/onboarding/complete-step", { stepId: "onboarding_complete" })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.body.pointsAwarded > 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.badgeEarned)).toHaveLength(1);
    expect((await m.get("/api/gamification/points")).body.totalPoints).toBe(TOTAL);
    const rows = await t.db.select().from(onboardingProgress).where(eq(onboardingProgress.userId, m.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].completedAt).toBeInstanceOf(Date);
  });
});

describe("steps whose real action the member has done", () => {
  it("watching a sermon completes explore_sermons, paid once", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const s1 = await createSermon(c.admin);
    const s2 = await createSermon(c.admin, { title: "Second" });
    const watched = await m.post(`/api/sermons/${s1.id}/watch`);
    expect(watched.status).toBe(200);
    // Paid from the watch's event, before the journey is even looked at (the answer counts the watch).
    expect(watched.body).toMatchObject({ pointsAwarded: 10, points: 10 });
    await drainJobs(t.app);
    expect((await m.get("/api/gamification/points")).body.totalPoints).toBe(10 + pointsOf("explore_sermons"));
    expect(await ledgerRows(m)).toHaveLength(1);
    expect((await m.post(`/api/sermons/${s2.id}/watch`)).status).toBe(200);
    expect((await progressOf(m)).stepsCompleted).toEqual(["explore_sermons"]);
    const total = (await m.get("/api/gamification/points")).body.totalPoints;
    expect(total).toBe(2 * 10 + pointsOf("explore_sermons"));
    const badges = (await m.get("/api/gamification/badges")).body.map((b: { badge: string }) => b.badge);
    expect(badges).toContain("first_sermon");
    const step = await m.post("/api/onboarding/complete-step", { stepId: "explore_sermons" });
    expect(step.body).toMatchObject({ pointsAwarded: 0, totalPoints: total });
  });

  it("a reading, an action step or a filled profile done earlier shows as done and is paid then", async () => {
    const c = await createChurch(t.app);
    const reader = await addMember(t.app, c);
    const doer = await addMember(t.app, c);
    const writer = await addMember(t.app, c);
    await awardPoints(ctxOf(reader), "bible_reading", "2026-01-05:ot", 10);
    await awardPoints(ctxOf(doer), "action_step", "some-step", 25);
    await t.db.update(users).set({ bio: "  " }).where(eq(users.id, writer.user.id));
    expect((await progressOf(writer)).stepsCompleted).toEqual([]);
    await t.db.update(users).set({ bio: "Father of three." }).where(eq(users.id, writer.user.id));

    // Two reads at once still pay once.
    const [r1, r2] = await Promise.all([progressOf(reader), progressOf(reader)]);
    expect(r1.stepsCompleted).toEqual(["join_growth"]);
    expect(r2.stepsCompleted).toEqual(["join_growth"]);
    expect((await progressOf(doer)).stepsCompleted).toEqual(["join_growth"]);
    expect((await progressOf(writer)).stepsCompleted).toEqual(["profile_setup"]);
    expect((await m(reader)).totalPoints).toBe(10 + pointsOf("join_growth"));
    expect((await m(doer)).totalPoints).toBe(25 + pointsOf("join_growth"));
    expect((await m(writer)).totalPoints).toBe(pointsOf("profile_setup"));
    expect(await ledgerRows(reader)).toHaveLength(1);
    const badges = (await writer.get("/api/gamification/badges")).body.map((b: { badge: string }) => b.badge);
    expect(badges).toEqual(["profile_complete"]);

    async function m(x: TSignedIn) {
      return (await x.get("/api/gamification/points")).body as { totalPoints: number };
    }
  });
});

describe("progress is per church", () => {
  async function moveTo(m: TSignedIn, from: TTestChurch, to: TTestChurch): Promise<void> {
    expect((await from.admin.delete(`/api/admin/members/${m.user.id}`)).status).toBe(204);
    const inv = await invite(to.admin, m.user.email);
    expect((await m.post(`/api/invite/${inv.token}/accept`)).status).toBe(200);
    m.user = (await m.get("/api/auth/user")).body;
    expect(m.user.churchId).toBe(to.church.id);
  }

  it("another church's member sees none of it, and a member who moves starts again", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const m = await addMember(t.app, a);
    const other = await addMember(t.app, b);
    await m.post("/api/onboarding/start", { onboardingType: "member" });
    await m.post("/api/onboarding/complete-step", { stepId: "welcome" });
    await m.post("/api/onboarding/complete-step", { stepId: "give_kudos" });
    expect((await progressOf(other)).stepsCompleted).toEqual([]);
    expect((await other.get("/api/gamification/badges")).body).toEqual([]);

    await moveTo(m, a, b);
    expect(await progressOf(m)).toMatchObject({ stepsCompleted: [], onboardingType: null, isCompleted: "false" });
    expect((await m.get("/api/gamification/points")).body.totalPoints).toBe(0);
    expect((await m.get("/api/gamification/badges")).body).toEqual([]);
    // The step is paid again in the new church, once.
    const res = await m.post("/api/onboarding/complete-step", { stepId: "welcome" });
    expect(res.body).toMatchObject({ pointsAwarded: pointsOf("welcome"), totalPoints: pointsOf("welcome") });
    // Church A keeps its history.
    const inA = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, m.user.id), eq(pointsLedger.churchId, a.church.id)));
    expect(inA.map((r) => r.key).sort()).toEqual(["give_kudos", "welcome"]);
  });
});
