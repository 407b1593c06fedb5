import { ZActionStep, ZActionStepComplete, ZActionStepSummary } from "@common/action-steps";
import { FAITHFUL_STEPS_WEEKS } from "@common/badges";
import { addDays, sundayOf } from "@common/dates";
import { ONBOARDING_STEPS, POINTS } from "@common/points";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { auditEntries } from "../../db/schema/audit";
import { userBadges, weeklyActionSteps } from "../../db/schema/growth";
import { pointsLedger } from "../../db/schema/points";
import type { TChurchCtx } from "../../lib/context";
import { weekKey } from "../../lib/points";
import { getActionStepStreakWeeks } from "./action-steps.service";

/** A member's first action step also completes the onboarding journey's "join_growth" step. */
const JOIN_GROWTH = ONBOARDING_STEPS.find((s) => s.id === "join_growth")?.points ?? Number.NaN;

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Fakes only the app's clock: timers and the database keep working. */
function setClock(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso) });
}

async function setTimeZone(c: TTestChurch, timeZone: string) {
  const current = (await c.admin.get("/api/admin/church/settings")).body;
  const res = await c.admin.put("/api/admin/church/settings", { ...current, timeZone });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** This week's Sunday in `timeZone` by the (possibly faked) clock. */
const thisSunday = (timeZone: string) => weekKey({ timeZone });

const stepBody = (over: Record<string, unknown> = {}) => ({
  title: "Call someone who is lonely",
  description: "Phone one person from church you have not spoken to in a while.",
  weekOf: thisSunday("UTC"),
  ...over,
});

async function postStep(admin: Caller, over: Record<string, unknown> = {}) {
  const res = await admin.post("/api/weekly-action-step", stepBody(over));
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  return ZActionStep.parse(res.body);
}

async function utcChurch() {
  const c = await createChurch(t.app);
  await setTimeZone(c, "UTC");
  return c;
}

const pointsOf = async (m: Caller) => (await m.get("/api/auth/user")).body.points as number;

async function badgesOf(m: TSignedIn) {
  const rows = await t.db.select({ badge: userBadges.badge }).from(userBadges).where(eq(userBadges.userId, m.user.id));
  return rows.map((r) => r.badge).sort();
}

function ctxOf(c: TTestChurch, m: TSignedIn, timeZone: string): TChurchCtx {
  return {
    db: t.db,
    userId: m.user.id,
    churchId: c.church.id,
    role: "CONGREGANT",
    timeZone,
    changed: async () => undefined,
  };
}

describe("week arithmetic", () => {
  it("finds the Sunday of any day's week, across months and years", () => {
    expect(sundayOf("2026-11-22")).toBe("2026-11-22");
    expect(sundayOf("2026-11-28")).toBe("2026-11-22");
    expect(sundayOf("2026-11-23")).toBe("2026-11-22");
    expect(sundayOf("2027-01-01")).toBe("2026-12-27");
    expect(sundayOf("2024-03-02")).toBe("2024-02-25");
    expect(addDays("2026-12-27", 7)).toBe("2027-01-03");
    expect(addDays("2024-03-03", -7)).toBe("2024-02-25");
  });
});

describe("POST /api/weekly-action-step (admin)", () => {
  it("sets this week's step on its Sunday; members read it with the points and their own completion", async () => {
    const c = await utcChurch();
    const m = await addMember(t.app, c);
    expect((await m.get("/api/weekly-action-step")).body).toBeNull();

    const sunday = thisSunday("UTC");
    // A Wednesday of this week names the same week.
    const res = await c.admin.post(
      "/api/weekly-action-step",
      stepBody({ weekOf: addDays(sunday, 3), title: "  Pray  " }),
    );
    expect(res.status).toBe(201);
    const step = ZActionStep.parse(res.body);
    expect(step).toMatchObject({ title: "Pray", weekOf: sunday, points: POINTS.weeklyActionStep, isCompleted: false });

    const got = await m.get("/api/weekly-action-step");
    expect(got.status).toBe(200);
    expect(ZActionStep.parse(got.body)).toEqual(step);

    await drainJobs(t.app);
    const activity = (await c.admin.get("/api/admin/recent-activity")).body;
    expect(activity[0].description).toBe("Weekly action step: Pray");
  });

  it("accepts an ISO date-time and reads its date as written", async () => {
    const c = await utcChurch();
    const step = await postStep(c.admin, { weekOf: "2030-05-15T00:00:00.000Z" });
    expect(step.weekOf).toBe("2030-05-12");
  });

  it("posting again for the same week replaces the step, keeps its id and its completions", async () => {
    const c = await utcChurch();
    const m = await addMember(t.app, c);
    const first = await postStep(c.admin);
    expect((await m.post(`/api/weekly-action-step/${first.id}/complete`)).body.awarded).toBe(POINTS.weeklyActionStep);

    const again = await c.admin.post(
      "/api/weekly-action-step",
      stepBody({ title: "Serve a neighbour", description: "Do one kind thing.", weekOf: addDays(first.weekOf, 6) }),
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.id, title: "Serve a neighbour", weekOf: first.weekOf });

    const rows = await t.db.select().from(weeklyActionSteps).where(eq(weeklyActionSteps.churchId, c.church.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].description).toBe("Do one kind thing.");
    const seen = (await m.get("/api/weekly-action-step")).body;
    expect(seen).toMatchObject({ id: first.id, title: "Serve a neighbour", isCompleted: true });
    // Completed once, paid once: the replaced step pays nothing more.
    expect((await m.post(`/api/weekly-action-step/${first.id}/complete`)).body.awarded).toBe(0);
  });

  it("refuses bad input with clear messages and stores nothing", async () => {
    const c = await utcChurch();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: "   " }, "title", "Title is required"],
      [{ title: undefined }, "title", "Title is required"],
      [{ title: 42 }, "title", "Title is required"],
      [{ description: "" }, "description", "Description is required"],
      [{ description: undefined }, "description", "Description is required"],
      [{ weekOf: "" }, "weekOf", "Week of is required"],
      [{ weekOf: undefined }, "weekOf", "Week of is required"],
      [{ weekOf: "next sunday" }, "weekOf", "Enter a valid date"],
      [{ weekOf: "2026-02-30" }, "weekOf", "Enter a valid date"],
      [{ weekOf: "2026-13-01" }, "weekOf", "Enter a valid date"],
      [{ weekOf: "0000-01-02" }, "weekOf", "Enter a valid date"],
      [{ title: "x".repeat(201) }, "title", "Title must be at most 200 characters"],
      [{ description: "x".repeat(2001) }, "description", "Description must be at most 2000 characters"],
    ];
    for (const [over, path, message] of cases) {
      const res = await c.admin.post("/api/weekly-action-step", stepBody(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors[0], JSON.stringify(over)).toEqual({ path, message });
    }
    for (const payload of [null, [], {}]) {
      const res = await c.admin.post("/api/weekly-action-step", payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
    }
    // A body that is not JSON is refused before validation.
    expect((await c.admin.post("/api/weekly-action-step", "text")).status).toBe(415);
    const rows = await t.db.select().from(weeklyActionSteps).where(eq(weeklyActionSteps.churchId, c.church.id));
    expect(rows).toHaveLength(0);
  });

  it("refuses congregants and group leaders (403) and signed-out callers (401)", async () => {
    const c = await utcChurch();
    for (const role of ["CONGREGANT", "GROUP_LEADER"] as const) {
      const m = await addMember(t.app, c, role);
      expect((await m.post("/api/weekly-action-step", stepBody())).status).toBe(403);
      expect((await m.post("/api/weekly-action-step", {})).status).toBe(403);
      expect((await m.get("/api/weekly-action-steps")).status).toBe(403);
    }
    const out = new Caller(t.app);
    expect((await out.post("/api/weekly-action-step", stepBody())).status).toBe(401);
    expect((await out.get("/api/weekly-action-step")).status).toBe(401);
    expect((await out.get("/api/weekly-action-steps")).status).toBe(401);
    expect((await out.post(`/api/weekly-action-step/${crypto.randomUUID()}/complete`)).status).toBe(401);
    const rows = await t.db.select().from(weeklyActionSteps).where(eq(weeklyActionSteps.churchId, c.church.id));
    expect(rows).toHaveLength(0);
    // Another admin of the church may set it.
    const second = await addMember(t.app, c, "ADMIN");
    expect((await second.post("/api/weekly-action-step", stepBody())).status).toBe(201);
  });
});

describe("each church has its own step", () => {
  it("church B neither sees nor completes church A's step (404), and A's stays as it was", async () => {
    const a = await utcChurch();
    const b = await utcChurch();
    const am = await addMember(t.app, a);
    const bm = await addMember(t.app, b);
    const step = await postStep(a.admin);

    expect((await bm.get("/api/weekly-action-step")).body).toBeNull();
    expect((await b.admin.get("/api/weekly-action-steps")).body).toEqual([]);
    const res = await bm.post(`/api/weekly-action-step/${step.id}/complete`);
    expect(res.status).toBe(404);
    expect(await pointsOf(bm)).toBe(0);
    expect((await bm.post("/api/weekly-action-step/not-a-uuid/complete")).status).toBe(404);
    expect((await bm.post(`/api/weekly-action-step/${crypto.randomUUID()}/complete`)).status).toBe(404);

    // B's own step for the same week is a second row; A's is untouched.
    const bStep = await postStep(b.admin, { title: "B's step" });
    expect(bStep.id).not.toBe(step.id);
    expect((await am.get("/api/weekly-action-step")).body).toMatchObject({ id: step.id, title: step.title });
    const aList = (await a.admin.get("/api/weekly-action-steps")).body;
    expect(aList.map((s: { id: string }) => s.id)).toEqual([step.id]);
    expect(aList[0].completions).toBe(0);
  });
});

describe("POST /api/weekly-action-step/{id}/complete", () => {
  it("pays POINTS.weeklyActionStep once; a repeat answers 200 with nothing awarded", async () => {
    const c = await utcChurch();
    const m = await addMember(t.app, c);
    const step = await postStep(c.admin);
    const before = await pointsOf(m);

    const first = await m.post(`/api/weekly-action-step/${step.id}/complete`);
    expect(first.status).toBe(200);
    // The answer's total is the step's award; the onboarding step follows from the event.
    expect(ZActionStepComplete.parse(first.body)).toEqual({
      awarded: POINTS.weeklyActionStep,
      total: before + POINTS.weeklyActionStep,
      isCompleted: true,
      badges: ["first_action_step"],
    });
    await drainJobs(t.app);
    const second = await m.post(`/api/weekly-action-step/${step.id}/complete`);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      awarded: 0,
      total: before + POINTS.weeklyActionStep + JOIN_GROWTH,
      isCompleted: true,
      badges: [],
    });
    expect(await pointsOf(m)).toBe(before + POINTS.weeklyActionStep + JOIN_GROWTH);
    expect((await m.get("/api/weekly-action-step")).body.isCompleted).toBe(true);
    expect(await badgesOf(m)).toEqual(["first_action_step", "growth_seeker"]);

    // Another member's completion is their own.
    const other = await addMember(t.app, c, "GROUP_LEADER");
    expect((await other.get("/api/weekly-action-step")).body.isCompleted).toBe(false);
    const list = (await c.admin.get("/api/weekly-action-steps")).body;
    expect(list[0].completions).toBe(1);
  });

  it("20 parallel completions pay exactly once", async () => {
    const c = await utcChurch();
    const m = await addMember(t.app, c);
    const step = await postStep(c.admin);
    const before = await pointsOf(m);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => m.post(`/api/weekly-action-step/${step.id}/complete`)),
    );
    for (const a of answers) expect(a.status).toBe(200);
    const awarded = answers.map((a) => a.body.awarded as number);
    expect(awarded.filter((n) => n > 0)).toEqual([POINTS.weeklyActionStep]);
    expect(awarded.reduce((s, n) => s + n, 0)).toBe(POINTS.weeklyActionStep);
    await drainJobs(t.app);
    expect(await pointsOf(m)).toBe(before + POINTS.weeklyActionStep + JOIN_GROWTH);
    const rows = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, m.user.id), eq(pointsLedger.kind, "action_step")));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: step.id, points: POINTS.weeklyActionStep, churchId: c.church.id });
    expect(await badgesOf(m)).toEqual(["first_action_step", "growth_seeker"]);
  });

  it("only this week's step can be completed: a past or scheduled week's answers 409 and pays nothing", async () => {
    const c = await utcChurch();
    const m = await addMember(t.app, c);
    const sunday = thisSunday("UTC");
    const past = await postStep(c.admin, { weekOf: addDays(sunday, -7), title: "Last week" });
    const next = await postStep(c.admin, { weekOf: addDays(sunday, 7), title: "Next week" });

    // Neither is this week's, so the member sees none.
    expect((await m.get("/api/weekly-action-step")).body).toBeNull();
    const a = await m.post(`/api/weekly-action-step/${past.id}/complete`);
    expect(a.status).toBe(409);
    expect(a.body.message).toMatch(/week has ended; only this week's step can be completed/);
    const b = await m.post(`/api/weekly-action-step/${next.id}/complete`);
    expect(b.status).toBe(409);
    expect(b.body.message).toMatch(/has not begun yet/);
    expect(await pointsOf(m)).toBe(0);
    expect(await badgesOf(m)).toEqual([]);

    const list = (await c.admin.get("/api/weekly-action-steps")).body;
    expect(list.map((s: { title: string }) => s.title)).toEqual(["Next week", "Last week"]);
  });
});

describe("GET /api/weekly-action-steps (admin)", () => {
  it("lists past and scheduled steps newest week first with completions, bounded by limit", async () => {
    const c = await utcChurch();
    const sunday = thisSunday("UTC");
    const members = [await addMember(t.app, c), await addMember(t.app, c)];
    for (const w of [-2, 1, 0, -1]) await postStep(c.admin, { weekOf: addDays(sunday, w * 7), title: `Week ${w}` });
    const current = (await members[0].get("/api/weekly-action-step")).body;
    for (const m of members) await m.post(`/api/weekly-action-step/${current.id}/complete`);
    await c.admin.post(`/api/weekly-action-step/${current.id}/complete`);

    const res = await c.admin.get("/api/weekly-action-steps");
    expect(res.status).toBe(200);
    const list = res.body.map((s: unknown) => ZActionStepSummary.parse(s));
    expect(list.map((s: { title: string }) => s.title)).toEqual(["Week 1", "Week 0", "Week -1", "Week -2"]);
    expect(list.map((s: { completions: number }) => s.completions)).toEqual([0, 3, 0, 0]);
    expect(list[1]).toMatchObject({ id: current.id, weekOf: sunday, description: current.description });

    const two = (await c.admin.get("/api/weekly-action-steps?limit=2")).body;
    expect(two.map((s: { title: string }) => s.title)).toEqual(["Week 1", "Week 0"]);
    for (const bad of ["0", "105", "abc", "1.5"]) {
      const r = await c.admin.get(`/api/weekly-action-steps?limit=${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.message).toMatch(/limit/);
    }
  });
});

describe("badges and the action-step streak", () => {
  it(`grants faithful_steps at ${FAITHFUL_STEPS_WEEKS} weeks in a row; the streak ends this week or last`, async () => {
    const c = await utcChurch();
    const m = await addMember(t.app, c);
    const ctx = ctxOf(c, m, "UTC");
    // Five Sundays of October–November 2026 (UTC): 4, 11, 18, 25 October and 1 November.
    const weeks = ["2026-10-04", "2026-10-11", "2026-10-18", "2026-10-25", "2026-11-01"];
    const steps = [];
    for (const w of weeks) steps.push(await postStep(c.admin, { weekOf: w, title: `Step ${w}` }));

    for (let i = 0; i < FAITHFUL_STEPS_WEEKS; i++) {
      // The Wednesday of each week.
      setClock(`${addDays(weeks[i], 3)}T12:00:00Z`);
      const res = await m.post(`/api/weekly-action-step/${steps[i].id}/complete`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const isLast = i === FAITHFUL_STEPS_WEEKS - 1;
      expect(res.body.badges).toEqual(i === 0 ? ["first_action_step"] : isLast ? ["faithful_steps"] : []);
      expect(await getActionStepStreakWeeks(ctx)).toBe(i + 1);
      vi.useRealTimers();
    }
    expect(await badgesOf(m)).toEqual(["faithful_steps", "first_action_step", "growth_seeker"]);

    // The next week not yet done does not break it; a whole week missed does.
    setClock("2026-11-04T12:00:00Z");
    expect(await getActionStepStreakWeeks(ctx)).toBe(FAITHFUL_STEPS_WEEKS);
    setClock("2026-11-11T12:00:00Z");
    expect(await getActionStepStreakWeeks(ctx)).toBe(0);
  });

  it("a gap restarts the streak and a later run of weeks counts from it", async () => {
    const c = await utcChurch();
    const m = await addMember(t.app, c);
    const ctx = ctxOf(c, m, "UTC");
    const weeks = ["2026-09-06", "2026-09-13", "2026-09-27", "2026-10-04"];
    for (const w of weeks) {
      const step = await postStep(c.admin, { weekOf: w });
      setClock(`${addDays(w, 6)}T23:00:00Z`);
      expect((await m.post(`/api/weekly-action-step/${step.id}/complete`)).status).toBe(200);
      vi.useRealTimers();
    }
    setClock("2026-10-05T09:00:00Z");
    expect(await getActionStepStreakWeeks(ctx)).toBe(2);
    expect(await badgesOf(m)).toEqual(["first_action_step", "growth_seeker"]);
    // Another church's member has no streak from these.
    const other = await utcChurch();
    const om = await addMember(t.app, other);
    expect(await getActionStepStreakWeeks(ctxOf(other, om, "UTC"))).toBe(0);
  });
});

describe("weeks in the church's time zone", () => {
  it("Pacific/Auckland: the week turns at local midnight into Sunday, also on the day daylight saving begins", async () => {
    // 27 September 2026, a Sunday: NZ clocks go from +12 to +13 at 2 am. Local midnight is 12:00 UTC on the 26th.
    const c = await createChurch(t.app);
    await setTimeZone(c, "Pacific/Auckland");
    const m = await addMember(t.app, c);
    const earlier = await postStep(c.admin, { weekOf: "2026-09-26", title: "Week of 20 September" });
    const later = await postStep(c.admin, { weekOf: "2026-09-27", title: "Week of 27 September" });
    expect(earlier.weekOf).toBe("2026-09-20");
    expect(later.weekOf).toBe("2026-09-27");
    const rows = await t.db.select().from(weeklyActionSteps).where(eq(weeklyActionSteps.churchId, c.church.id));
    expect(rows.map((r) => r.weekOf).sort()).toEqual(["2026-09-20", "2026-09-27"]);

    setClock("2026-09-26T11:59:00Z"); // Saturday 23:59 in Auckland
    expect((await m.get("/api/weekly-action-step")).body.id).toBe(earlier.id);
    expect((await m.post(`/api/weekly-action-step/${later.id}/complete`)).status).toBe(409);

    setClock("2026-09-26T12:01:00Z"); // Sunday 00:01 in Auckland (still Saturday morning in UTC)
    expect((await m.get("/api/weekly-action-step")).body.id).toBe(later.id);
    expect((await m.post(`/api/weekly-action-step/${earlier.id}/complete`)).status).toBe(409);
    expect((await m.post(`/api/weekly-action-step/${later.id}/complete`)).body.awarded).toBe(POINTS.weeklyActionStep);

    // That week ends at midnight into 4 October, now at +13: 11:00 UTC on 3 October.
    setClock("2026-10-03T10:59:00Z");
    expect((await m.get("/api/weekly-action-step")).body).toMatchObject({ id: later.id, isCompleted: true });
    setClock("2026-10-03T11:01:00Z");
    expect((await m.get("/api/weekly-action-step")).body).toBeNull();
    const posted = await postStep(c.admin, { weekOf: "2026-10-04" });
    expect((await m.get("/api/weekly-action-step")).body.id).toBe(posted.id);
  });

  it("America/Los_Angeles: the week turns at local midnight, before and after daylight saving ends", async () => {
    // 1 November 2026, a Sunday: LA clocks go from -7 to -8 at 2 am. Midnight into it is 07:00 UTC.
    const c = await createChurch(t.app);
    await setTimeZone(c, "America/Los_Angeles");
    const m = await addMember(t.app, c);
    const oct25 = await postStep(c.admin, { weekOf: "2026-10-31", title: "Week of 25 October" });
    const nov1 = await postStep(c.admin, { weekOf: "2026-11-01", title: "Week of 1 November" });
    const nov8 = await postStep(c.admin, { weekOf: "2026-11-08T00:00:00-08:00", title: "Week of 8 November" });
    expect([oct25.weekOf, nov1.weekOf, nov8.weekOf]).toEqual(["2026-10-25", "2026-11-01", "2026-11-08"]);

    setClock("2026-11-01T06:59:00Z"); // Saturday 23:59 PDT
    expect((await m.get("/api/weekly-action-step")).body.id).toBe(oct25.id);
    setClock("2026-11-01T07:01:00Z"); // Sunday 00:01 PDT
    expect((await m.get("/api/weekly-action-step")).body.id).toBe(nov1.id);

    // A week later the offset is -8: midnight into 8 November is 08:00 UTC, not 07:00.
    setClock("2026-11-08T07:30:00Z"); // Saturday 23:30 PST
    expect((await m.get("/api/weekly-action-step")).body.id).toBe(nov1.id);
    expect((await m.post(`/api/weekly-action-step/${nov1.id}/complete`)).body.awarded).toBe(POINTS.weeklyActionStep);
    setClock("2026-11-08T08:01:00Z"); // Sunday 00:01 PST
    expect((await m.get("/api/weekly-action-step")).body).toMatchObject({ id: nov8.id, isCompleted: false });
    const late = await m.post(`/api/weekly-action-step/${nov1.id}/complete`);
    expect(late.status).toBe(409);
  });
});

describe("notifications (issue 11)", () => {
  const notes = async (who: Caller) =>
    (await who.get("/api/notifications")).body.notifications as { kind: string; message: string }[];

  it("this week's new step tells every member but the admin, linking to /growth; a replacement or a later week's does not", async () => {
    const c = await utcChurch();
    const m = await addMember(t.app, c);
    await postStep(c.admin, { weekOf: addDays(thisSunday("UTC"), 7), title: "Next week's" });
    await drainJobs(t.app);
    expect(await notes(m)).toEqual([]);
    const step = await postStep(c.admin);
    await drainJobs(t.app);
    expect(await notes(m)).toEqual([
      expect.objectContaining({
        type: "announcement",
        kind: "action_step_posted",
        title: "This week's action step",
        message: "Call someone who is lonely",
        relatedId: step.id,
        link: "/growth",
      }),
    ]);
    await postStep(c.admin, { title: "Call two people" });
    await drainJobs(t.app);
    expect(await notes(m)).toHaveLength(1);
    expect(await notes(c.admin)).toEqual([]);
  });

  it("a badge earned tells the member who earned it, once, linking to the profile", async () => {
    const c = await utcChurch();
    const m = await addMember(t.app, c);
    const other = await addMember(t.app, c);
    const step = await postStep(c.admin);
    await m.post(`/api/weekly-action-step/${step.id}/complete`);
    await m.post(`/api/weekly-action-step/${step.id}/complete`);
    await drainJobs(t.app);
    const badges = (await m.get("/api/notifications")).body.notifications.filter(
      (n: { kind: string }) => n.kind === "badge_earned",
    );
    expect(badges).toContainEqual(
      expect.objectContaining({
        type: "system",
        title: "Badge earned",
        message: "You earned the Doer of the Word badge: Completed a first weekly action step",
        relatedId: null,
        link: "/profile",
      }),
    );
    // One per badge granted (the onboarding journey's Growth Seeker came with it).
    expect(badges).toHaveLength((await badgesOf(m)).length);
    expect((await notes(other)).filter((n) => n.kind === "badge_earned")).toEqual([]);
  });
});

describe("the audit trail of action steps", () => {
  it("records a step created and then edited, with the admin, the step and what changed", async () => {
    const c = await utcChurch();
    const step = await postStep(c.admin);
    await postStep(c.admin, { title: "Write to someone who is lonely" });
    const rows = (await t.db.select().from(auditEntries).where(eq(auditEntries.churchId, c.church.id))).filter((r) =>
      r.action.startsWith("action_step."),
    );
    expect(rows.map((r) => r.action).sort()).toEqual(["action_step.created", "action_step.updated"]);
    for (const r of rows)
      expect(r).toMatchObject({ actorId: c.admin.user.id, targetType: "action_step", targetId: step.id });
    const created = rows.find((r) => r.action === "action_step.created")?.changes ?? {};
    expect(created.title).toEqual([null, "Call someone who is lonely"]);
    expect(created.weekOf).toEqual([null, thisSunday("UTC")]);
    expect(rows.find((r) => r.action === "action_step.updated")?.changes).toEqual({
      title: ["Call someone who is lonely", "Write to someone who is lonely"],
    });
  });
});
