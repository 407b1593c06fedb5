import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

/**
 * Runs every job that is due (and waits for those this process's workers already hold) until the
 * queue is quiet: what follows a change (domain events, their subscribers, notification delivery)
 * has happened when it resolves. Works whether the app runs its workers or not (`runJobs: false`).
 * A job that failed and waits for its retry (the queue's back-off, a few seconds) is brought
 * forward and run too, up to 20 seconds of trying; jobs scheduled for later on purpose (hourly
 * sweeps) are not. Bringing a retry forward only saves the wait: the same attempt runs either way.
 */
export async function drainJobs(app: FastifyInstance): Promise<void> {
  // performance.now(): a test may fake Date (the app's clock) and leave it standing.
  const deadline = performance.now() + 20_000;
  for (;;) {
    await app.db.execute(
      sql`update graphile_worker._private_jobs set run_at = now()
          where attempts > 0 and attempts < max_attempts and locked_at is null
            and run_at > now() and run_at < now() + interval '30 seconds'`,
    );
    await app.jobs.runDue();
    const res = await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker.jobs
          where attempts > 0 and attempts < max_attempts and run_at < now() + interval '30 seconds'`,
    );
    if (res.rows[0].n === 0 || performance.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}
