import { eq, lt } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { z } from "zod";
import type { TDb } from "../db/client";
import { churches } from "../db/schema/churches";
import { churchWeekStarts } from "../db/schema/growth";
import { inChurch } from "./church-scope";
import type { TChurchCtx } from "./context";
import { type Jobs, nextRunAfter, scheduleEvery, type TJobSpec } from "./jobs";
import { weekKey } from "./points";
import { startOfWeek } from "./time";

/**
 * The week's own jobs (issue 25 §3): what happens when a church's week begins (Sunday 00:00 in its
 * time zone, DESIGN.md "Time"), whether or not anyone opens a page. Each feature declares its part
 * with `onWeekStart` (the action step of the week is announced, the prayer-partner chain is made);
 * one queue job, `week-start`, looks every quarter of an hour for churches whose week has begun
 * since it last looked and runs every part for each, in one transaction per church that also moves
 * the church's marker (`church_week_starts`). So a week's start is handled once, whatever the
 * restarts, retries or processes: a second run finds the marker moved (or waits on its row lock and
 * then finds it moved) and does nothing.
 */

/** What a part of the week's start gets: the church (no member: the app itself acts) and the week. */
export type TWeekStartCtx = Pick<TChurchCtx, "db" | "churchId" | "timeZone">;
export type TWeekStart = {
  /** The week's Sunday (`YYYY-MM-DD`, church time zone). */
  weekOf: string;
  /** The instant the week began. */
  begins: Date;
  /** The instant of this run (a little after `begins`, or later after downtime). */
  now: Date;
};
export type TWeekStartPart = {
  /** Names the part in logs. */
  name: string;
  /** Runs inside the church's transaction; throwing rolls the church back, to be tried at the next run. */
  run: (ctx: TWeekStartCtx, week: TWeekStart) => Promise<void>;
};

export const WEEK_START_JOB: TJobSpec<Record<string, never>> = {
  name: "week-start",
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  maxAttempts: 3,
};
/**
 * Runs fall just after each quarter hour (UTC): every zone's midnight is on a quarter hour
 * (Kathmandu +5:45, Chatham +12:45), so a week is handled within seconds of its start.
 */
const EVERY_MS = 15 * 60_000;
/** After the boundary, so a database clock a little ahead of the app's does not run it a moment early. */
const AFTER_BOUNDARY_MS = 10_000;

/** The next run's time: just after the next quarter hour following `now`. */
export function nextWeekStartRun(now: Date): Date {
  return nextRunAfter(now, EVERY_MS, { afterMs: AFTER_BOUNDARY_MS });
}

/**
 * Queues the next run (one job for all processes, keyed). `preserve`: a waiting run keeps its time
 * (each process calls this at start, main.ts; test apps never do, so their moved clocks never run it).
 */
export async function scheduleWeekStart(db: TDb, opts: { now?: Date; preserve?: boolean } = {}): Promise<void> {
  await scheduleEvery(db, WEEK_START_JOB, EVERY_MS, { ...opts, afterMs: AFTER_BOUNDARY_MS });
}

type TRegistry = { parts: TWeekStartPart[]; db: TDb; log: FastifyBaseLogger };
const registries = new WeakMap<Jobs, TRegistry>();

/**
 * Declares a feature's part of every week's start (call it while the app is built, from the
 * feature's plugin). The first call defines the `week-start` task on the app's queue.
 */
export function onWeekStart(app: FastifyInstance, part: TWeekStartPart): void {
  let registry = registries.get(app.jobs);
  if (!registry) {
    const created: TRegistry = { parts: [], db: app.db, log: app.log };
    registry = created;
    registries.set(app.jobs, created);
    app.jobs.define({
      ...WEEK_START_JOB,
      run: async () => {
        const now = new Date();
        // The next run first: whatever happens to this one, the runs go on.
        await scheduleWeekStart(created.db, { now });
        await handleWeekStarts(created, now);
      },
    });
  }
  if (registry.parts.some((p) => p.name === part.name))
    throw new Error(`week-start part "${part.name}" declared twice`);
  registry.parts.push(part);
}

/**
 * One run of the `week-start` job at `now` (tests pass a moved clock): handles each church whose
 * week has begun since the last run, and returns their ids. A church seen for the first time
 * (new, or the app just upgraded) is only marked: its week began before the job knew it.
 */
export async function runWeekStart(app: FastifyInstance, now: Date): Promise<string[]> {
  const registry = registries.get(app.jobs);
  if (!registry) return [];
  return handleWeekStarts(registry, now);
}

async function handleWeekStarts(registry: TRegistry, now: Date): Promise<string[]> {
  const { db, log, parts } = registry;
  const rows = await db
    .select({ churchId: churches.id, timeZone: churches.timeZone, marked: churchWeekStarts.weekOf })
    .from(churches)
    .leftJoin(churchWeekStarts, eq(churches.id, churchWeekStarts.churchId));
  const handled: string[] = [];
  for (const row of rows) {
    const weekOf = weekKey(row, now);
    if (row.marked === null) {
      await db
        .insert(churchWeekStarts)
        .values({ churchId: row.churchId, weekOf, handledAt: now })
        .onConflictDoNothing({ target: churchWeekStarts.churchId });
      continue;
    }
    if (row.marked >= weekOf) continue;
    const week: TWeekStart = { weekOf, begins: startOfWeek(now, row.timeZone), now };
    try {
      const isMine = await db.transaction(async (tx) => {
        // The marker row's lock orders concurrent runs: the second sees the week handled and stops.
        const moved = await tx
          .update(churchWeekStarts)
          .set({ weekOf, handledAt: now })
          .where(inChurch(churchWeekStarts, row, lt(churchWeekStarts.weekOf, weekOf)))
          .returning({ churchId: churchWeekStarts.churchId });
        if (moved.length === 0) return false;
        const ctx: TWeekStartCtx = { db: tx, churchId: row.churchId, timeZone: row.timeZone };
        for (const part of parts) await part.run(ctx, week);
        return true;
      });
      if (isMine) handled.push(row.churchId);
    } catch (err) {
      // One church's failure is tried again at the next run; the others go on.
      log.error({ err, churchId: row.churchId, weekOf }, "the week's start failed for a church; it is tried again");
    }
  }
  if (handled.length > 0) log.info({ churches: handled.length }, "handled the start of churches' weeks");
  return handled;
}
