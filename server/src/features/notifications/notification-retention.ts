import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { TDb } from "../../db/client";
import { nextRunAfter, scheduleEvery, type TJobSpec } from "../../lib/jobs";
import { retentionsInUse } from "../../lib/retention";

/**
 * Each church keeps its members' notifications for its own retention (`churches.notification_retention_days`,
 * 90 days unless Church Settings says otherwise, issue 28); a daily job removes what is older, read or
 * not. No figure counts notifications: the unread badge and the notifications page read the rows that
 * are left, and a notification's `dedupe_key` only guards repeats of one change, raised within moments.
 */

export const NOTIFICATION_RETENTION_JOB: TJobSpec<Record<string, never>> = {
  name: "notification-retention",
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  maxAttempts: 5,
};
const DAY_MS = 86_400_000;
/** Runs at 03:50 UTC, after the audit trail's and the chat's; the exact time does not matter. */
const RUN_OFFSET_MS = (3 * 60 + 50) * 60_000;

/** The next run after `now`: the next 03:50 UTC. */
export function nextNotificationRetentionRun(now: Date): Date {
  return nextRunAfter(now, DAY_MS, { atMs: RUN_OFFSET_MS });
}

/**
 * Queues the next run (one waiting job for all processes, keyed). `preserve`: a waiting run keeps its
 * time (each process calls this at start, main.ts; test apps never do).
 */
export async function scheduleNotificationRetention(
  db: TDb,
  opts: { now?: Date; preserve?: boolean } = {},
): Promise<void> {
  await scheduleEvery(db, NOTIFICATION_RETENTION_JOB, DAY_MS, { ...opts, atMs: RUN_OFFSET_MS });
}

/**
 * Removes every church's notifications older than its retention at `now`, a statement per retention in use; returns
 * how many left. Every church at once (the app acts, no member): each row is held against its own
 * church's setting by the join. The window is a number of days back from this instant, the same in
 * every time zone.
 */
export async function removeExpiredNotifications(db: TDb, now: Date): Promise<number> {
  let removed = 0;
  for (const days of await retentionsInUse(db, sql`notification_retention_days`)) {
    const res = await db.execute(expiredNotificationsDelete(now, days));
    removed += res.rowCount ?? 0;
  }
  return removed;
}

/**
 * The churches keeping notifications `days` days, their older rows: one statement per retention in use
 * (a few), whose cutoff is a value the planner reads, so it reads each church's old rows through
 * `notifications_church_created_idx` rather than the whole table (issue 30; retention-cost.test.ts).
 */
export function expiredNotificationsDelete(now: Date, days: number) {
  return sql`delete from notifications n using churches c
        where c.id = n.church_id and c.notification_retention_days = ${days}::int
          and n.created_at < ${now.toISOString()}::timestamptz - make_interval(days => ${days}::int)`;
}

/** Defines the daily task on the app's queue (every process; main.ts schedules the first run). */
export function defineNotificationRetention(app: FastifyInstance): void {
  app.jobs.define({
    ...NOTIFICATION_RETENTION_JOB,
    run: async () => {
      const now = new Date();
      // The next run first: whatever happens to this one, the runs go on.
      await scheduleNotificationRetention(app.db, { now });
      const removed = await removeExpiredNotifications(app.db, now);
      if (removed > 0) app.log.info({ removed }, "notifications past their church's retention removed");
    },
  });
}
