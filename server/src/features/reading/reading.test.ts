import { readingsFor } from "@common/bible-plan";
import { addDays } from "@common/dates";
import { ONBOARDING_STEPS, POINTS } from "@common/points";
import { ZReadingToday } from "@common/reading";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, setTimeZone, signUp } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { churches } from "../../db/schema/churches";
import { userBadges } from "../../db/schema/growth";
import { pointsLedger } from "../../db/schema/points";

const JOIN_GROWTH = ONBOARDING_STEPS.find((s) => s.id === "join_growth")?.points ?? Number.NaN;

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The app's clock at `iso` (only Date: timers and the database run as usual). */
const clockAt = (iso: string) => vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso) });

async function readingRows(userId: string) {
  return t.db
    .select({ key: pointsLedger.key, points: pointsLedger.points })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.kind, "bible_reading")));
}

describe("the daily reading plan", () => {
  it("shows today's three passages with reader links, completes them once each, and fills the week's grid", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    const today = ZReadingToday.parse((await member.get("/api/bible-reading/today")).body);
    expect(today.readings.map((r) => r.passage)).toEqual(readingsFor(today.date));
    expect(today.readings.every((r) => !r.isCompleted)).toBe(true);
    expect(today.readings[0].url).toContain(encodeURIComponent(today.readings[0].passage));
    expect(today.readings[0].url).toContain("version=NIV");
    expect(today.week).toHaveLength(7);
    expect(today.week.map((d) => d.date)).toContain(today.date);
    expect(new Date(`${today.week[0].date}T12:00:00Z`).getUTCDay()).toBe(0);
    expect(today.streak).toBe(0);

    const [first, second] = today.readings;
    const done = await member.post("/api/bible-reading/complete", { passage: first.passage, readingDate: today.date });
    expect(done.status).toBe(200);
    // The answer counts the reading; the onboarding step follows from its event, through the queue.
    expect(done.body).toEqual({ awarded: POINTS.dailyReading, total: POINTS.dailyReading, streak: 1 });
    await drainJobs(t.app);
    const again = await member.post("/api/bible-reading/complete", { passage: first.passage, readingDate: today.date });
    expect(again.body).toEqual({ awarded: 0, total: POINTS.dailyReading + JOIN_GROWTH, streak: 1 });
    await member.post("/api/bible-reading/complete", { passage: second.passage, readingDate: today.date });

    const after = ZReadingToday.parse((await member.get("/api/bible-reading/today")).body);
    expect(after.readings.map((r) => r.isCompleted)).toEqual([true, true, false]);
    expect(after.week.find((d) => d.date === today.date)).toMatchObject({ date: today.date, completed: 2, total: 3 });
    expect(after.week.find((d) => d.date === today.date)?.readings).toEqual(after.readings);
    expect(after.week.filter((d) => d.date !== today.date).every((d) => d.completed === 0)).toBe(true);
    expect(after.streak).toBe(1);
    expect((await member.get("/api/auth/user")).body.points).toBe(2 * POINTS.dailyReading + JOIN_GROWTH);
    const badges = await t.db.select().from(userBadges).where(eq(userBadges.userId, member.user.id));
    expect(badges.map((b) => b.badge).sort()).toEqual(["first_reading", "growth_seeker"]);
  });

  it("pays one passage once under 20 parallel calls", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    const { date, readings } = (await member.get("/api/bible-reading/today")).body;
    const body = { passage: readings[2].passage, readingDate: date };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => member.post("/api/bible-reading/complete", body)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.awarded === POINTS.dailyReading)).toHaveLength(1);
    await drainJobs(t.app);
    expect(await readingRows(member.user.id)).toEqual([{ key: `${date}:${readings[2].passage}`, points: 10 }]);
    expect((await member.get("/api/auth/user")).body.points).toBe(POINTS.dailyReading + JOIN_GROWTH);
  });

  it("refuses another day's passage, a future day, a day past the catch-up week and malformed bodies, storing nothing", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    const { date } = (await member.get("/api/bible-reading/today")).body;
    const cases: [Record<string, unknown>, string][] = [
      [{ passage: readingsFor(addDays(date, -40))[0], readingDate: date }, "passage"],
      [{ passage: "Genesis 99", readingDate: date }, "passage"],
      [{ passage: readingsFor(addDays(date, 1))[0], readingDate: addDays(date, 1) }, "readingDate"],
      [{ passage: readingsFor(addDays(date, -7))[0], readingDate: addDays(date, -7) }, "readingDate"],
      [{ passage: readingsFor(date)[0], readingDate: "2026-02-30" }, "readingDate"],
      [{ passage: readingsFor(date)[0], readingDate: "today" }, "readingDate"],
      [{ passage: "", readingDate: date }, "passage"],
      [{ readingDate: date }, "passage"],
      [{ passage: readingsFor(date)[0] }, "readingDate"],
    ];
    for (const [body, field] of cases) {
      const res = await member.post("/api/bible-reading/complete", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toEqual(expect.any(String));
      expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(field);
    }
    expect(await readingRows(member.user.id)).toEqual([]);
    expect((await member.get("/api/auth/user")).body.points).toBe(0);
  });

  it("catches up to 6 days back: the reading counts for its own day on the grid and in the streak", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    const { date } = (await member.get("/api/bible-reading/today")).body;
    for (const back of [2, 1, 0]) {
      const day = addDays(date, -back);
      const res = await member.post("/api/bible-reading/complete", { passage: readingsFor(day)[1], readingDate: day });
      expect(res.status).toBe(200);
    }
    const after = ZReadingToday.parse((await member.get("/api/bible-reading/today")).body);
    expect(after.streak).toBe(3);
    for (const day of after.week.filter((d) => d.date >= addDays(date, -2) && d.date <= date)) {
      expect(day.completed, day.date).toBe(1);
    }
  });

  it("is for members of a church: 401 signed out, refused without a church; each church's readings are its own", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/api/bible-reading/today" });
    expect(anonymous.statusCode).toBe(401);
    const loner = await signUp(t.app);
    expect((await loner.get("/api/bible-reading/today")).status).toBe(403);
    const { date, readings } = (
      await (await addMember(t.app, await createChurch(t.app))).get("/api/bible-reading/today")
    ).body;
    const res = await loner.post("/api/bible-reading/complete", { passage: readings[0].passage, readingDate: date });
    expect(res.status).toBe(403);
    expect(await readingRows(loner.user.id)).toEqual([]);

    // An admin reads and completes like any member; another church's member sees none of it.
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    await a.admin.post("/api/bible-reading/complete", { passage: readings[0].passage, readingDate: date });
    const other = await addMember(t.app, b);
    const theirs = ZReadingToday.parse((await other.get("/api/bible-reading/today")).body);
    expect(theirs.readings.every((r) => !r.isCompleted)).toBe(true);
    expect((await a.admin.get("/api/bible-reading/today")).body.readings[0].isCompleted).toBe(true);
  });

  it("uses the church's Bible reader and translation when it has chosen them", async () => {
    const c = await createChurch(t.app);
    await t.db
      .update(churches)
      .set({ bibleReaderPattern: "https://bible.example/{translation}/{passage}", bibleTranslation: "ESV" })
      .where(eq(churches.id, c.church.id));
    const { readings } = (await c.admin.get("/api/bible-reading/today")).body;
    expect(readings[0].url).toBe(`https://bible.example/ESV/${encodeURIComponent(readings[0].passage)}`);
  });
});

describe("days in the church's time zone", () => {
  it("Auckland: the plan day turns at local midnight, and a streak runs across it", async () => {
    const c = await createChurch(t.app);
    await setTimeZone(c, "Pacific/Auckland");
    const member = await addMember(t.app, c);
    // Saturday 21 November 23:59 in Auckland (NZDT, UTC+13) is 10:59 UTC.
    clockAt("2026-11-21T10:59:00Z");
    const sat = ZReadingToday.parse((await member.get("/api/bible-reading/today")).body);
    expect(sat.date).toBe("2026-11-21");
    expect(sat.week[0].date).toBe("2026-11-15");
    await member.post("/api/bible-reading/complete", { passage: sat.readings[0].passage, readingDate: sat.date });
    clockAt("2026-11-21T11:01:00Z");
    const sun = ZReadingToday.parse((await member.get("/api/bible-reading/today")).body);
    expect(sun.date).toBe("2026-11-22");
    expect(sun.week[0].date).toBe("2026-11-22");
    expect(sun.readings.map((r) => r.passage)).toEqual(readingsFor("2026-11-22"));
    expect(sun.streak).toBe(1);
    await member.post("/api/bible-reading/complete", { passage: sun.readings[0].passage, readingDate: sun.date });
    expect(ZReadingToday.parse((await member.get("/api/bible-reading/today")).body).streak).toBe(2);
  });

  it("Los Angeles, across the end of daylight saving (1 November 2026): days and the week are local", async () => {
    const c = await createChurch(t.app);
    await setTimeZone(c, "America/Los_Angeles");
    const member = await addMember(t.app, c);
    // Saturday 31 October 23:30 PDT (UTC-7) is 06:30 UTC on 1 November.
    clockAt("2026-11-01T06:30:00Z");
    const sat = ZReadingToday.parse((await member.get("/api/bible-reading/today")).body);
    expect(sat.date).toBe("2026-10-31");
    expect(sat.week.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays("2026-10-25", i)));
    await member.post("/api/bible-reading/complete", { passage: sat.readings[2].passage, readingDate: sat.date });
    // Monday 2 November 00:30 PST (UTC-8, after the change) is 08:30 UTC; Sunday was skipped.
    clockAt("2026-11-02T08:30:00Z");
    const mon = ZReadingToday.parse((await member.get("/api/bible-reading/today")).body);
    expect(mon.date).toBe("2026-11-02");
    expect(mon.week[0].date).toBe("2026-11-01");
    expect(mon.streak).toBe(0);
    // Catching up Sunday joins Saturday and Monday into one run.
    await member.post("/api/bible-reading/complete", {
      passage: readingsFor("2026-11-01")[0],
      readingDate: "2026-11-01",
    });
    await member.post("/api/bible-reading/complete", { passage: mon.readings[0].passage, readingDate: mon.date });
    expect(ZReadingToday.parse((await member.get("/api/bible-reading/today")).body).streak).toBe(3);
    // 23:59 PST Monday (07:59 UTC Tuesday) is still Monday.
    clockAt("2026-11-03T07:59:00Z");
    expect((await member.get("/api/bible-reading/today")).body.date).toBe("2026-11-02");
  });

  it("earns 'Consistent Reader' at a 15-day streak, once", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    const { date } = (await member.get("/api/bible-reading/today")).body;
    // Fourteen earlier days already read (as if caught up over time).
    await t.db.insert(pointsLedger).values(
      Array.from({ length: 14 }, (_, i) => {
        const day = addDays(date, -(i + 1));
        return {
          churchId: c.church.id,
          userId: member.user.id,
          kind: "bible_reading",
          key: `${day}:${readingsFor(day)[0]}`,
          points: 10,
        };
      }),
    );
    const has = async () =>
      (await t.db.select().from(userBadges).where(eq(userBadges.userId, member.user.id))).map((b) => b.badge);
    expect(await has()).not.toContain("consistent_reader");
    const res = await member.post("/api/bible-reading/complete", { passage: readingsFor(date)[0], readingDate: date });
    expect(res.body.streak).toBe(15);
    expect(await has()).toContain("consistent_reader");
    await member.post("/api/bible-reading/complete", { passage: readingsFor(date)[1], readingDate: date });
    expect((await has()).filter((b) => b === "consistent_reader")).toHaveLength(1);
  });
});
