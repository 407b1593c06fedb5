import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { TDb } from "../../db/client";
import type { Jobs, TJobSpec } from "../../lib/jobs";
import { sweepEmailFallback, type TNotificationMailDeps } from "./notification-email";

/**
 * Issue 29: the e-mail fallback sweep, every 5 minutes, one waiting job for all processes (keyed):
 * an unread notification past its church's delay goes by e-mail unless the member's quiet hours hold
 * it (see notification-email.ts). Self-rescheduling like the mail cleanup; main.ts queues the first.
 */
export const EMAIL_FALLBACK_JOB: TJobSpec<Record<string, never>> = {
  name: "notifications.email-fallback",
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  maxAttempts: 5,
};
const EMAIL_FALLBACK_KEY = "notifications.email-fallback";
export const EMAIL_FALLBACK_EVERY_MS = 5 * 60_000;

/** Queues the next sweep (`preserve`: a waiting one keeps its time; each process calls this at start). */
export async function scheduleEmailFallback(db: TDb, opts: { now?: Date; preserve?: boolean } = {}): Promise<void> {
  const runAt = new Date((opts.now ?? new Date()).getTime() + (opts.preserve ? 0 : EMAIL_FALLBACK_EVERY_MS));
  await db.execute(
    sql`select graphile_worker.add_job(${EMAIL_FALLBACK_JOB.name}, '{}'::json, run_at => ${runAt.toISOString()}::timestamptz,
      max_attempts => ${EMAIL_FALLBACK_JOB.maxAttempts}::int, job_key => ${EMAIL_FALLBACK_KEY}::text,
      job_key_mode => ${opts.preserve ? "preserve_run_at" : "replace"}::text)`,
  );
}

/** Defines the sweep's task on the app's queue (every process). */
export function defineEmailFallback(jobs: Jobs, deps: TNotificationMailDeps & { log: FastifyBaseLogger }): void {
  jobs.define({
    ...EMAIL_FALLBACK_JOB,
    run: async () => {
      // The app's clock (tests move it), never the database's.
      const now = new Date();
      // The next sweep first: whatever happens to this one, the sweeps go on.
      await scheduleEmailFallback(deps.db, { now });
      const done = await sweepEmailFallback(deps, now);
      if (done.sent > 0) deps.log.info(done, "unread notifications sent by e-mail");
    },
  });
}
