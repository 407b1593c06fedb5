import { sql } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createTestDb } from "../../test/db";
import type { TRootDb } from "../db/client";
import { Jobs, nextRunAfter, scheduleEvery, type TJobsOptions, type TJobTask } from "./jobs";

const log = pino({ level: "silent" });
let db: TRootDb;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(() => drop());

const started: Jobs[] = [];
const cleanups: (() => Promise<void>)[] = [];
const onCleanup = (fn: () => Promise<void>) => cleanups.push(fn);
afterEach(async () => {
  for (const fn of cleanups.splice(0)) await fn().catch(() => {});
  for (const jobs of started.splice(0)) await jobs.stop();
  await db.execute(sql`delete from graphile_worker._private_jobs`);
});

/** A queue (as one app process has) with one task that records what it ran. */
function createQueue(run: (n: number) => Promise<void>, opts: Partial<TJobsOptions> = {}) {
  const jobs = new Jobs(db, { log, ...opts });
  started.push(jobs);
  const task: TJobTask<{ n: number }> = jobs.define({
    name: "test-count",
    payload: z.object({ n: z.number().int() }),
    maxAttempts: 3,
    run: ({ n }) => run(n),
  });
  return { jobs, task };
}

const waitingJobs = async () =>
  (
    await db.execute<{ attempts: number; locked_by: string | null; last_error: string | null }>(
      sql`select attempts, locked_by, last_error from graphile_worker.jobs`,
    )
  ).rows;

describe("the job queue", () => {
  it("runs each job exactly once when several processes' workers share the queue", async () => {
    const ran: number[] = [];
    const record = async (n: number) => {
      await new Promise((r) => setTimeout(r, Math.random() * 5));
      ran.push(n);
    };
    const a = createQueue(record);
    const b = createQueue(record);
    await a.jobs.start();
    await b.jobs.start();
    for (let n = 0; n < 60; n++) await (n % 2 ? a : b).jobs.add(a.task, { n });
    await vi.waitFor(() => expect(ran).toHaveLength(60), { timeout: 10_000 });
    await a.jobs.runDue();
    await b.jobs.runDue();
    expect(ran.sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, n) => n));
    expect(await waitingJobs()).toEqual([]);
  });

  it("refuses a payload that does not match the task's schema, and a task defined after the start", async () => {
    const { jobs, task } = createQueue(async () => {});
    await expect(jobs.add(task, { n: "one" } as unknown as { n: number })).rejects.toThrow();
    await jobs.runDue();
    expect(() => jobs.define({ name: "late", payload: z.object({}), maxAttempts: 1, run: async () => {} })).toThrow(
      /after the queue started/,
    );
  });

  it("keeps one waiting job per key", async () => {
    const ran: number[] = [];
    const { jobs, task } = createQueue(async (n) => {
      ran.push(n);
    });
    await jobs.add(task, { n: 1 }, db, { key: "church-1-sync" });
    await jobs.add(task, { n: 2 }, db, { key: "church-1-sync" });
    await jobs.runDue();
    expect(ran).toEqual([2]);
  });

  it("fails a job still running when its process stops, so it is retried rather than held for hours", async () => {
    let started = () => {};
    const running = new Promise<void>((r) => (started = r));
    const { jobs, task } = createQueue(() => {
      started();
      return new Promise<void>(() => {});
    });
    await jobs.start();
    await jobs.add(task, { n: 1 });
    await running;
    const t0 = Date.now();
    await jobs.stop();
    // The stop waited for the job 5 s, then failed it: unlocked, to be tried again after back-off.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(4_500);
    expect(await waitingJobs()).toEqual([
      { attempts: 1, locked_by: null, last_error: "the worker stopped before the job finished" },
    ]);
  });

  it("frees, at its next sweep, the jobs of a pool whose process is gone, and no live pool's", async () => {
    const ran: number[] = [];
    const { jobs, task } = createQueue(
      async (n) => {
        ran.push(n);
        // Its own job outlives several of its sweeps.
        if (n === 3) await new Promise((r) => setTimeout(r, 500));
      },
      { lockSweepMs: 50, pollMs: 60_000 },
    );
    // Jobs 1 and 2 were taken by pools of other processes: one alive (its connection holds the
    // pool's advisory lock), one gone.
    const alive = new pg.Client(db.$client.options);
    alive.on("error", () => {});
    await alive.connect();
    onCleanup(() => alive.end());
    await alive.query("select pg_advisory_lock(hashtextextended('fellowship-job-worker:' || 'pool-alive', 0))");
    for (const [n, pool] of [
      [1, "pool-alive"],
      [2, "pool-gone"],
    ] as const) {
      const id = await jobs.add(task, { n });
      await db.execute(
        sql`update graphile_worker._private_jobs set locked_by = ${pool}, locked_at = now(), attempts = 1 where id = ${id}`,
      );
    }
    await jobs.add(task, { n: 3 });
    await jobs.start();
    await vi.waitFor(() => expect(ran.toSorted()).toEqual([2, 3]), { timeout: 5_000 });
    // Job 3 finishes (and is deleted) after its 500 ms, however loaded the machine; the live pool's
    // job stays where it is through all those sweeps.
    await vi.waitFor(
      async () => expect(await waitingJobs()).toEqual([{ attempts: 1, locked_by: "pool-alive", last_error: null }]),
      { timeout: 10_000, interval: 100 },
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(ran.toSorted()).toEqual([2, 3]);
    expect(await waitingJobs()).toEqual([{ attempts: 1, locked_by: "pool-alive", last_error: null }]);

    // Its process dies: the job is freed and runs.
    await alive.end();
    await vi.waitFor(() => expect(ran.toSorted()).toEqual([1, 2, 3]), { timeout: 5_000 });
  });

  describe("a repeating job's next run (scheduleEvery)", () => {
    const daily = { name: "test-daily", payload: z.object({}).strict(), maxAttempts: 1 } as const;
    const DAY = 86_400_000;
    const runAt = async () =>
      (
        await db.execute<{ run_at: string; due: boolean }>(
          sql`select run_at::text, run_at <= now() as due from graphile_worker.jobs where key = ${daily.name}`,
        )
      ).rows;

    it("is the app's next slot when the clocks agree, kept at start and replaced from the run", async () => {
      const now = new Date(Date.now() + 3 * DAY);
      await scheduleEvery(db, daily, DAY, { atMs: 3.5 * 3_600_000, now });
      const [row] = await runAt();
      expect(Date.parse(row.run_at)).toBe(nextRunAfter(now, DAY, { atMs: 3.5 * 3_600_000 }).getTime());
      await scheduleEvery(db, daily, DAY, { atMs: 3.5 * 3_600_000, preserve: true });
      expect((await runAt())[0].run_at).toBe(row.run_at);
      await scheduleEvery(db, daily, DAY, { atMs: 3.5 * 3_600_000, now: new Date(now.getTime() + DAY) });
      expect(Date.parse((await runAt())[0].run_at)).toBe(Date.parse(row.run_at) + DAY);
    });

    // A run that starts early on the app's clock (the database's is ahead) reschedules itself from the
    // app's clock: never to a slot the database has passed, which would run it again at once.
    it("is never due at once when the database's clock is ahead of the app's", async () => {
      for (const [everyMs, slot] of [
        [DAY, { atMs: 3.5 * 3_600_000 }],
        [15 * 60_000, { afterMs: 10_000 }],
      ] as const) {
        const behind = new Date(Date.now() - 2 * everyMs);
        await scheduleEvery(db, daily, everyMs, { ...slot, now: behind });
        const [row] = await runAt();
        expect(row.due).toBe(false);
        expect(Date.parse(row.run_at) - Date.now()).toBeLessThanOrEqual(everyMs + 10_000);
      }
    });
  });
});
