import { type TGrowthAnalytics, ZGrowthAnalytics } from "@common/analytics";
import { readingsFor } from "@common/bible-plan";
import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { weeklyActionSteps } from "../../db/schema/growth";
import { pointsLedger } from "../../db/schema/points";
import { users } from "../../db/schema/users";
import { weekKey } from "../../lib/points";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Fakes only the app's clock: timers and the database keep working. */
function setClock(at: Date) {
  vi.useFakeTimers({ toFake: ["Date"], now: at });
}

async function setTimeZone(c: TTestChurch, timeZone: string) {
  const current = (await c.admin.get("/api/admin/church/settings")).body;
  const res = await c.admin.put("/api/admin/church/settings", { ...current, timeZone });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function getAnalytics(caller: Caller): Promise<TGrowthAnalytics> {
  const res = await caller.get("/api/analytics/growth");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZGrowthAnalytics.parse(res.body);
}

type TRow = { userId: string; kind: string; key: string; createdAt: Date; points?: number };

async function addLedgerRows(churchId: string, rows: TRow[]) {
  await t.db
    .insert(pointsLedger)
    .values(rows.map((r) => ({ churchId, points: 10, ...r })))
    .returning({ id: pointsLedger.id });
}

/**
 * Sets when members were last seen. Waits first for the fire-and-forget "last active" writes of
 * earlier requests, so they cannot land after these.
 */
async function setLastActive(seen: [string, Date | null][]) {
  await new Promise((r) => setTimeout(r, 150));
  for (const [id, at] of seen) await t.db.update(users).set({ lastActiveAt: at }).where(eq(users.id, id));
}

/** `YYYY-MM-DD` plus `days`. */
const shift = (date: string, days: number) => {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

describe("GET /api/analytics/growth", () => {
  it("is for admins: a congregant and a group leader get 403, a signed-out caller 401, a super admin 200", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    const leader = await addMember(t.app, c, "GROUP_LEADER");
    const owner = await addMember(t.app, c, "ADMIN");
    expect((await member.get("/api/analytics/growth")).status).toBe(403);
    expect((await leader.get("/api/analytics/growth")).status).toBe(403);
    expect((await new Caller(t.app).get("/api/analytics/growth")).status).toBe(401);
    expect((await c.admin.get("/api/analytics/growth")).status).toBe(200);

    await t.db.update(users).set({ role: "SUPER_ADMIN" }).where(eq(users.id, owner.user.id));
    await t.app.appCtx.changed("user", owner.user.id);
    const res = await owner.get("/api/analytics/growth");
    expect(res.status).toBe(200);
    expect(res.body.totalMembers).toBe(4);
  });

  it("an empty church: its one member, zeros and 12 zero weeks ending this week's Sunday", async () => {
    const c = await createChurch(t.app);
    await setTimeZone(c, "Pacific/Auckland");
    const a = await getAnalytics(c.admin);
    expect(a).toMatchObject({
      actionStepCompletionRate: 0,
      averageReadingStreak: 0,
      activeParticipants: 0,
      totalMembers: 1,
      hasActionStep: false,
      actionStepCompletions: 0,
    });
    const thisWeek = weekKey({ timeZone: "Pacific/Auckland" });
    expect(a.weeks.map((w) => w.weekOf)).toEqual(Array.from({ length: 12 }, (_, i) => shift(thisWeek, 7 * (i - 11))));
    for (const w of a.weeks)
      expect(w).toEqual({ weekOf: w.weekOf, participants: 0, readings: 0, actionSteps: 0, points: 0 });
  });

  it("counts a seeded church's figures in its own time zone, and never another church's rows", async () => {
    // Pacific/Auckland is UTC+13 in November (NZDT) and UTC+12 before 27 September (NZST).
    // The clock: Sunday 22 November 2026, 01:00 in Auckland (still Saturday 21st in UTC).
    const now = new Date("2026-11-21T12:00:00Z");
    const localMidnight = (date: string, hours = 0) =>
      new Date(Date.parse(`${date}T00:00:00Z`) - 13 * HOUR + hours * HOUR);
    const noon = (date: string) => localMidnight(date, 12);
    const thisWeek = "2026-11-22";
    const lastWeek = "2026-11-15";

    const c = await createChurch(t.app);
    await setTimeZone(c, "Pacific/Auckland");
    const m1 = await addMember(t.app, c, "CONGREGANT", "Ruth");
    const m2 = await addMember(t.app, c, "CONGREGANT", "Boaz");
    const m3 = await addMember(t.app, c, "CONGREGANT", "Naomi");
    const m4 = await addMember(t.app, c, "CONGREGANT", "Orpah");
    const m5 = await addMember(t.app, c, "GROUP_LEADER", "Jesse");
    const admin = c.admin.user.id;
    const [step, oldStep] = await t.db
      .insert(weeklyActionSteps)
      .values([
        { churchId: c.church.id, weekOf: thisWeek, title: "Call a friend", description: "Pray with them." },
        { churchId: c.church.id, weekOf: lastWeek, title: "Fast a meal", description: "And give it away." },
      ])
      .returning({ id: weeklyActionSteps.id });

    const reading = (userId: string, day: string, passage = "ot", createdAt = noon(day)): TRow => ({
      userId,
      kind: "bible_reading",
      key: `${day}:${passage}`,
      createdAt,
    });
    await addLedgerRows(c.church.id, [
      // Ruth: read today (00:20 local, Saturday in UTC), yesterday and the day before; a gap before
      // that: streak 3. She completed this week's step at 00:45 local.
      reading(m1.user.id, "2026-11-22", "ot", localMidnight(thisWeek, 0.33)),
      reading(m1.user.id, "2026-11-21"),
      reading(m1.user.id, "2026-11-20"),
      reading(m1.user.id, "2026-11-15"),
      { userId: m1.user.id, kind: "action_step", key: step.id, createdAt: localMidnight(thisWeek, 0.75), points: 25 },
      // Boaz: two readings yesterday, then the 20th, the 19th (caught up yesterday: it counts for its
      // own day) and the 18th; none today yet, which does not break it: streak 4. He completed last
      // week's step at 23:30 on Saturday (local): last week's, not this week's.
      reading(m2.user.id, "2026-11-21", "ot"),
      reading(m2.user.id, "2026-11-21", "nt"),
      reading(m2.user.id, "2026-11-20"),
      reading(m2.user.id, "2026-11-19", "ot", localMidnight("2026-11-21", 13)),
      reading(m2.user.id, "2026-11-18"),
      {
        userId: m2.user.id,
        kind: "action_step",
        key: oldStep.id,
        createdAt: localMidnight(thisWeek, -0.5),
        points: 25,
      },
      // Naomi: one reading ten days ago, the day she was last seen (no streak).
      reading(m3.user.id, "2026-11-12"),
      // Orpah: two sermons either side of the series' first week (Sunday 6 September, NZST: UTC+12),
      // both on Saturday 5 September in UTC.
      { userId: m4.user.id, kind: "sermon_watch", key: "before", createdAt: new Date("2026-09-05T11:30:00Z") },
      { userId: m4.user.id, kind: "sermon_watch", key: "first", createdAt: new Date("2026-09-05T12:30:00Z") },
      // Jesse: this week's step at 00:30 local.
      { userId: m5.user.id, kind: "action_step", key: step.id, createdAt: localMidnight(thisWeek, 0.5), points: 25 },
      // The admin read two days ago: broken streak.
      reading(admin, "2026-11-20"),
    ]);
    await setLastActive([
      [admin, new Date(now.getTime() - HOUR)],
      [m1.user.id, new Date(now.getTime() - 3 * DAY)],
      [m2.user.id, new Date(now.getTime() - 20 * DAY)],
      [m3.user.id, new Date(now.getTime() - 10 * DAY)],
      [m4.user.id, new Date(now.getTime() - 60 * DAY)],
      [m5.user.id, null],
    ]);

    // Another church (Chicago: Saturday 21st, 06:00, week of the 15th) with its own step (last week's),
    // readings and completions in the same hours: never counted here. Ruth has a row there too (as
    // a member who moved would): it counts there, not here.
    const other = await createChurch(t.app);
    await setTimeZone(other, "America/Chicago");
    const stranger = await addMember(t.app, other);
    const [otherStep] = await t.db
      .insert(weeklyActionSteps)
      .values({ churchId: other.church.id, weekOf: "2026-11-08", title: "Serve", description: "At the shelter." })
      .returning({ id: weeklyActionSteps.id });
    await addLedgerRows(other.church.id, [
      reading(stranger.user.id, "2026-11-20", "ot", new Date("2026-11-20T18:00:00Z")),
      reading(stranger.user.id, "2026-11-21", "ot", new Date("2026-11-21T11:00:00Z")),
      { userId: stranger.user.id, kind: "action_step", key: otherStep.id, createdAt: new Date("2026-11-21T11:30:00Z") },
      { userId: stranger.user.id, kind: "action_step", key: step.id, createdAt: new Date("2026-11-21T11:40:00Z") },
      { userId: m1.user.id, kind: "sermon_watch", key: "elsewhere", createdAt: new Date("2026-11-21T11:50:00Z") },
    ]);
    await setLastActive([[stranger.user.id, new Date(now.getTime() - HOUR)]]);

    setClock(now);
    const a = await getAnalytics(c.admin);
    // Members: the admin and five. Active (seen in 30 days, or paid this week): the admin, Ruth,
    // Boaz, Naomi and Jesse (paid this week); not Orpah. Recently (seen in 7 days, or paid this week):
    // the admin, Ruth and Jesse; Boaz's points were last week's.
    expect(a.totalMembers).toBe(6);
    expect(a.activeMembers).toBe(5);
    expect(a.recentlyActive).toBe(3);
    // This week's step: Ruth and Jesse of the five active members.
    expect(a.hasActionStep).toBe(true);
    expect(a.actionStepCompletions).toBe(2);
    expect(a.actionStepCompletionRate).toBe(Math.round((100 * 2) / 5));
    // Points this week (since Sunday 00:00 Auckland): Ruth and Jesse.
    expect(a.activeParticipants).toBe(2);
    // Streaks: Ruth 3, Boaz 4, everyone else 0; over six members, one decimal.
    expect(a.averageReadingStreak).toBe(Math.round((10 * (3 + 4)) / 6) / 10);

    // Twelve Sundays, the first 6 September; activity bucketed by the Auckland week it was earned in.
    expect(a.weeks).toHaveLength(12);
    expect(a.weeks[0].weekOf).toBe("2026-09-06");
    expect(a.weeks[11].weekOf).toBe(thisWeek);
    const byWeek = new Map(a.weeks.map((w) => [w.weekOf, w]));
    expect(byWeek.get(thisWeek)).toEqual({
      weekOf: thisWeek,
      participants: 2,
      readings: 1,
      actionSteps: 2,
      points: 60,
    });
    // Ruth 3 readings, Boaz 5 and a step, the admin 1.
    expect(byWeek.get(lastWeek)).toEqual({
      weekOf: lastWeek,
      participants: 3,
      readings: 9,
      actionSteps: 1,
      points: 9 * 10 + 25,
    });
    expect(byWeek.get("2026-11-08")).toEqual({
      weekOf: "2026-11-08",
      participants: 1,
      readings: 1,
      actionSteps: 0,
      points: 10,
    });
    expect(byWeek.get("2026-09-06")).toEqual({
      weekOf: "2026-09-06",
      participants: 1,
      readings: 0,
      actionSteps: 0,
      points: 10,
    });
    const quiet = a.weeks.filter((w) => ![thisWeek, lastWeek, "2026-11-08", "2026-09-06"].includes(w.weekOf));
    expect(quiet).toHaveLength(8);
    for (const w of quiet) expect(w).toMatchObject({ participants: 0, readings: 0, actionSteps: 0, points: 0 });

    // The other church sees its own rows only: no step this week, its member's two-day streak, and
    // this week its ledger's two completions and Ruth's sermon.
    const b = await getAnalytics(other.admin);
    expect(b).toMatchObject({
      totalMembers: 2,
      hasActionStep: false,
      actionStepCompletionRate: 0,
      averageReadingStreak: Math.round((10 * 2) / 2) / 10,
    });
    const bWeek = b.weeks[b.weeks.length - 1];
    expect(bWeek.weekOf).toBe("2026-11-15");
    expect(bWeek).toEqual({ weekOf: "2026-11-15", participants: 2, readings: 2, actionSteps: 2, points: 5 * 10 });
  });

  it("follows long streaks back past the first window, up to a gap", async () => {
    const c = await createChurch(t.app);
    await setTimeZone(c, "Pacific/Auckland");
    const eli = await addMember(t.app, c, "CONGREGANT", "Eli");
    const hannah = await addMember(t.app, c, "CONGREGANT", "Hannah");
    const samuel = await addMember(t.app, c, "CONGREGANT", "Samuel");
    const today = "2026-11-22";
    const run = (userId: string, from: number, to: number): TRow[] =>
      Array.from({ length: to - from + 1 }, (_, i) => {
        const day = shift(today, -(from + i));
        return { userId, kind: "bible_reading", key: `${day}:ot`, createdAt: new Date(`${day}T00:00:00Z`) };
      });
    await addLedgerRows(c.church.id, [
      // Eli: every day from 44 days ago to yesterday, and a week before a gap 45 days ago: 44.
      ...run(eli.user.id, 1, 44),
      ...run(eli.user.id, 46, 52),
      // Hannah: every day from exactly 35 days ago to today, nothing before: 36.
      ...run(hannah.user.id, 0, 35),
      // Samuel: 120 days in a row ending today: 120.
      ...run(samuel.user.id, 0, 119),
    ]);
    setClock(new Date("2026-11-21T12:00:00Z"));
    const a = await getAnalytics(c.admin);
    expect(a.totalMembers).toBe(4);
    expect(a.averageReadingStreak).toBe(Math.round((10 * (44 + 36 + 120)) / 4) / 10);

    // Today is read live on every call (history is kept): Eli reads today's passage.
    await addLedgerRows(c.church.id, [
      { userId: eli.user.id, kind: "bible_reading", key: `${today}:ot`, createdAt: new Date("2026-11-21T11:50:00Z") },
    ]);
    const b = await getAnalytics(c.admin);
    expect(b.averageReadingStreak).toBe(Math.round((10 * (45 + 36 + 120)) / 4) / 10);
    expect(b.weeks[11].readings).toBe(a.weeks[11].readings + 1);
  });

  it("counts a reading paid today at once, and turns the day at the church's midnight", async () => {
    const c = await createChurch(t.app);
    await setTimeZone(c, "Pacific/Auckland");
    const ruth = await addMember(t.app, c, "CONGREGANT", "Ruth");
    const read = async (day: string) => {
      const res = await ruth.post("/api/bible-reading/complete", { passage: readingsFor(day)[0], readingDate: day });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    // Saturday 21 November 2026, 23:50 in Auckland (UTC+13), the week of Sunday the 15th. Ruth read
    // on Friday the 20th and completed the week's step on Thursday.
    const [step] = await t.db
      .insert(weeklyActionSteps)
      .values({ churchId: c.church.id, weekOf: "2026-11-15", title: "Call a friend", description: "Pray." })
      .returning({ id: weeklyActionSteps.id });
    await addLedgerRows(c.church.id, [
      {
        userId: ruth.user.id,
        kind: "bible_reading",
        key: "2026-11-20:ot",
        createdAt: new Date("2026-11-20T01:00:00Z"),
      },
      {
        userId: ruth.user.id,
        kind: "action_step",
        key: step.id,
        createdAt: new Date("2026-11-19T01:00:00Z"),
        points: 25,
      },
    ]);
    setClock(new Date("2026-11-21T10:50:00Z"));
    // Her run up to yesterday stands until today ends; the admin has none: (1 + 0) / 2.
    const before = await getAnalytics(c.admin);
    expect(before).toMatchObject({ averageReadingStreak: 0.5, activeParticipants: 1, actionStepCompletions: 1 });
    expect(before.weeks[11]).toEqual({
      weekOf: "2026-11-15",
      participants: 1,
      readings: 1,
      actionSteps: 1,
      points: 35,
    });
    // Today's reading and the admin's step, paid through the app, count on the next call (what
    // happened before today is kept).
    await read("2026-11-21");
    const done = await c.admin.post(`/api/weekly-action-step/${step.id}/complete`, {});
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // The onboarding steps these pay come from their events, through the queue, still on Saturday.
    await drainJobs(t.app);
    const after = await getAnalytics(c.admin);
    expect(after).toMatchObject({
      averageReadingStreak: 1,
      activeParticipants: 2,
      actionStepCompletions: 2,
      actionStepCompletionRate: 100,
    });
    expect(after.weeks[11]).toMatchObject({ weekOf: "2026-11-15", participants: 2, readings: 2, actionSteps: 2 });

    // 23:59:59 is still the 21st.
    setClock(new Date("2026-11-21T10:59:59Z"));
    expect((await getAnalytics(c.admin)).averageReadingStreak).toBe(1);
    // 00:00 on Sunday the 22nd: the 21st is now yesterday, in her run (2) though not yet read today.
    setClock(new Date("2026-11-21T11:00:00Z"));
    const sunday = await getAnalytics(c.admin);
    expect(sunday.averageReadingStreak).toBe(1);
    expect(sunday.weeks[11]).toEqual({ weekOf: "2026-11-22", participants: 0, readings: 0, actionSteps: 0, points: 0 });
    expect(sunday.weeks[10]).toMatchObject({ weekOf: "2026-11-15", participants: 2, readings: 2, actionSteps: 2 });
    await read("2026-11-22");
    expect((await getAnalytics(c.admin)).averageReadingStreak).toBe(1.5);
    // A reading paid today for an earlier day is not today's: the admin catching up the 20th has
    // no run up to yesterday either way.
    const res = await c.admin.post("/api/bible-reading/complete", {
      passage: readingsFor("2026-11-20")[0],
      readingDate: "2026-11-20",
    });
    expect(res.status).toBe(200);
    expect((await getAnalytics(c.admin)).averageReadingStreak).toBe(1.5);
  });

  it("counts only current members in the figures; a member who left still counts in the weeks they took part", async () => {
    const c = await createChurch(t.app);
    const stays = await addMember(t.app, c);
    const leaves = await addMember(t.app, c);
    const thisWeek = weekKey({ timeZone: c.church.timeZone });
    await addLedgerRows(c.church.id, [
      { userId: stays.user.id, kind: "sermon_watch", key: "s1", createdAt: new Date() },
      { userId: leaves.user.id, kind: "sermon_watch", key: "s1", createdAt: new Date() },
    ]);
    const before = await getAnalytics(c.admin);
    expect(before).toMatchObject({ totalMembers: 3, activeParticipants: 2 });
    expect(before.weeks[11]).toMatchObject({ weekOf: thisWeek, participants: 2, points: 20 });

    const res = await c.admin.delete(`/api/admin/members/${leaves.user.id}`);
    expect([200, 204]).toContain(res.status);
    const after = await getAnalytics(c.admin);
    expect(after).toMatchObject({ totalMembers: 2, activeParticipants: 1 });
    expect(after.weeks[11]).toMatchObject({ weekOf: thisWeek, participants: 2, points: 20 });
    // Nothing of theirs is lost from the ledger.
    const rows = await t.db
      .select()
      .from(pointsLedger)
      .where(inArray(pointsLedger.userId, [leaves.user.id]));
    expect(rows).toHaveLength(1);
  });
});
