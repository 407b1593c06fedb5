import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, setTimeZone, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { notifications } from "../../db/schema/community";
import { nextWeekStartRun, runWeekStart, scheduleWeekStart, WEEK_START_JOB } from "../../lib/week-start";

/**
 * The week-start job's action-step part (issue 25 §3): a step saved ahead for a later week is
 * announced to the church's members when that week begins, Sunday 00:00 in the church's time zone,
 * once. The job is run at moved clocks (`runWeekStart(app, now)`; requests see the same clock).
 */

let t: TTestApp;
beforeAll(async () => {
  // No job runner: the tests run the week's start themselves, at the clocks they choose.
  t = await createTestApp({}, { runJobs: false });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Fakes only the app's clock: timers and the database keep working. */
function setClock(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso) });
}

type TGroup = TTestChurch & { members: TSignedIn[] };

async function churchIn(timeZone: string, members = 2): Promise<TGroup> {
  const c = await createChurch(t.app);
  await setTimeZone(c, timeZone);
  const list: TSignedIn[] = [];
  for (let i = 0; i < members; i++) list.push(await addMember(t.app, c, "CONGREGANT", `Member${i}`));
  return { ...c, members: list };
}

async function saveStep(g: TGroup, weekOf: string, title: string): Promise<string> {
  const res = await g.admin.post("/api/weekly-action-step", { weekOf, title, description: "Do it this week." });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** The ids of the steps a member was told of, one entry per notification. */
async function announced(m: TSignedIn): Promise<(string | null)[]> {
  // Announcements come through the job queue (the action_step.published event's subscriber).
  await drainJobs(t.app);
  const rows = await t.db
    .select({ relatedId: notifications.relatedId })
    .from(notifications)
    .where(and(eq(notifications.userId, m.user.id), eq(notifications.kind, "action_step_posted")))
    .orderBy(notifications.createdAt);
  return rows.map((r) => r.relatedId);
}

const run = (iso: string) => runWeekStart(t.app, new Date(iso));

describe("a step saved ahead is announced when its week begins", () => {
  it("Auckland: at Sunday 00:00 local, once, also the week after daylight saving ends (NZDT +13 to NZST +12)", async () => {
    // Wednesday 31 March 2027, 13:00 in Auckland; daylight saving ends there on Sunday 4 April at 03:00.
    setClock("2027-03-31T00:00:00Z");
    const a = await churchIn("Pacific/Auckland");
    const b = await churchIn("Pacific/Auckland", 1);
    const first = await saveStep(a, "2027-04-04", "Call a neighbour");
    const second = await saveStep(a, "2027-04-11", "Write a note of thanks");
    // Saving ahead tells nobody yet.
    for (const m of a.members) expect(await announced(m)).toEqual([]);

    // Saturday 23:55 NZDT: the job first sees these churches (and marks them); nothing is told.
    expect(await run("2027-04-03T10:55:00Z")).not.toContain(a.church.id);
    expect(await run("2027-04-03T10:59:00Z")).not.toContain(a.church.id);
    for (const m of a.members) expect(await announced(m)).toEqual([]);

    // Sunday 00:05 NZDT (11:05 UTC): the week of 4 April has begun.
    const handled = await run("2027-04-03T11:05:00Z");
    expect(handled).toContain(a.church.id);
    expect(handled).toContain(b.church.id);
    for (const m of a.members) expect(await announced(m)).toEqual([first]);
    // The author is not told of their own step; church B's member is told nothing of church A's.
    expect(await announced(a.admin)).toEqual([]);
    expect(await announced(b.members[0])).toEqual([]);

    // Two more runs in the same week, one of them at the same instant: still once each.
    expect(await run("2027-04-03T11:05:00Z")).not.toContain(a.church.id);
    expect(await run("2027-04-05T09:00:00Z")).not.toContain(a.church.id);
    for (const m of a.members) expect(await announced(m)).toEqual([first]);

    // Saturday 10 April 23:30 NZST (+12 since 4 April): at +13 it would already be Sunday; it is not.
    expect(await run("2027-04-10T11:30:00Z")).not.toContain(a.church.id);
    for (const m of a.members) expect(await announced(m)).toEqual([first]);
    // Sunday 11 April 00:05 NZST.
    expect(await run("2027-04-10T12:05:00Z")).toContain(a.church.id);
    for (const m of a.members) expect(await announced(m)).toEqual([first, second]);
    expect(await announced(b.members[0])).toEqual([]);

    // Members see it as this week's step.
    setClock("2027-04-11T01:00:00Z");
    const res = await a.members[0].get("/api/weekly-action-step");
    expect(res.body).toMatchObject({ id: second, weekOf: "2027-04-11" });
  });

  it("Los Angeles: at Sunday 00:00 local, also the week after daylight saving begins (PST -8 to PDT -7); Auckland's earlier Sunday leaves it untouched", async () => {
    // Wednesday 10 March 2027; Los Angeles moves to daylight saving on Sunday 14 March at 02:00.
    setClock("2027-03-10T20:00:00Z");
    const la = await churchIn("America/Los_Angeles");
    const nz = await churchIn("Pacific/Auckland");
    const laFirst = await saveStep(la, "2027-03-14", "Pray for your street");
    const laSecond = await saveStep(la, "2027-03-21", "Share a meal");
    const nzStep = await saveStep(nz, "2027-03-14", "Visit someone alone");
    await run("2027-03-12T12:00:00Z");

    // Sunday 00:05 in Auckland (NZDT) is Saturday 04:05 in Los Angeles: only Auckland's week begins.
    const handled = await run("2027-03-13T11:05:00Z");
    expect(handled).toContain(nz.church.id);
    expect(handled).not.toContain(la.church.id);
    for (const m of nz.members) expect(await announced(m)).toEqual([nzStep]);
    for (const m of la.members) expect(await announced(m)).toEqual([]);

    // Saturday 23:55 PST, then Sunday 00:05 PST (08:05 UTC).
    expect(await run("2027-03-14T07:55:00Z")).not.toContain(la.church.id);
    for (const m of la.members) expect(await announced(m)).toEqual([]);
    expect(await run("2027-03-14T08:05:00Z")).toContain(la.church.id);
    for (const m of la.members) expect(await announced(m)).toEqual([laFirst]);
    for (const m of nz.members) expect(await announced(m)).toEqual([nzStep]);

    // The next Sunday begins at 07:00 UTC (PDT), an hour earlier than the last one.
    expect(await run("2027-03-21T06:55:00Z")).not.toContain(la.church.id);
    for (const m of la.members) expect(await announced(m)).toEqual([laFirst]);
    expect(await run("2027-03-21T07:05:00Z")).toContain(la.church.id);
    expect(await run("2027-03-21T07:20:00Z")).not.toContain(la.church.id);
    for (const m of la.members) expect(await announced(m)).toEqual([laFirst, laSecond]);
  });

  it("a step saved for the week just begun, before the job runs, is announced once (by the save)", async () => {
    setClock("2027-05-01T20:00:00Z");
    const g = await churchIn("UTC");
    await run("2027-05-01T23:50:00Z");
    // Sunday 00:03: the admin saves this week's step; the members hear of it at once.
    setClock("2027-05-02T00:03:00Z");
    const step = await saveStep(g, "2027-05-02", "Read a psalm aloud");
    for (const m of g.members) expect(await announced(m)).toEqual([step]);
    // The job's run a few minutes later handles the week but tells nobody again.
    expect(await run("2027-05-02T00:15:10Z")).toContain(g.church.id);
    for (const m of g.members) expect(await announced(m)).toEqual([step]);
  });

  it("a week without a step tells nobody; a step saved for a week already past is never announced", async () => {
    setClock("2027-06-01T12:00:00Z");
    const g = await churchIn("Europe/Berlin", 1);
    await run("2027-06-01T12:00:00Z");
    const res = await g.admin.post("/api/weekly-action-step", {
      weekOf: "2027-05-23",
      title: "Last month's step",
      description: "Too late.",
    });
    expect(res.status).toBe(201);
    // Sunday 6 June, 00:05 CEST (+2).
    expect(await run("2027-06-05T22:05:00Z")).toContain(g.church.id);
    expect(await announced(g.members[0])).toEqual([]);
  });
});

describe("the week-start job on the queue", () => {
  it("runs from the queue, handles the church whose week began, and queues its next run just after the next quarter hour", async () => {
    setClock("2027-07-01T12:00:00Z");
    const g = await churchIn("America/Los_Angeles", 1);
    const step = await saveStep(g, "2027-07-04", "Thank a volunteer");
    await run("2027-07-03T12:00:00Z");

    // Sunday 4 July 00:07 PDT: the job queued as main.ts does, then run by the queue at this clock.
    setClock("2027-07-04T07:07:00Z");
    await scheduleWeekStart(t.db, { now: new Date("2027-07-04T06:58:00Z") });
    await t.db.execute(sql`update graphile_worker._private_jobs set run_at = now() where key = 'week-start'`);
    await t.app.jobs.runDue();
    expect(await announced(g.members[0])).toEqual([step]);

    const next = await t.db.execute<{ run_at: Date; task_identifier: string }>(
      sql`select run_at, task_identifier from graphile_worker.jobs where key = 'week-start'`,
    );
    expect(next.rows).toHaveLength(1);
    expect(next.rows[0].task_identifier).toBe(WEEK_START_JOB.name);
    expect(new Date(next.rows[0].run_at).toISOString()).toBe("2027-07-04T07:15:10.000Z");
    expect(nextWeekStartRun(new Date("2027-07-04T07:07:00Z")).toISOString()).toBe("2027-07-04T07:15:10.000Z");

    // Another process starting keeps the waiting run's time rather than pushing it later.
    await scheduleWeekStart(t.db, { now: new Date("2027-07-04T07:14:00Z"), preserve: true });
    await scheduleWeekStart(t.db, { now: new Date("2027-07-04T09:00:00Z"), preserve: true });
    const kept = await t.db.execute<{ run_at: Date }>(
      sql`select run_at from graphile_worker.jobs where key = 'week-start'`,
    );
    expect(kept.rows.map((r) => new Date(r.run_at).toISOString())).toEqual(["2027-07-04T07:15:10.000Z"]);
    await t.db.execute(sql`select graphile_worker.remove_job('week-start')`);
  });
});
