import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { TDb } from "../../db/client";
import { nextRunAfter, scheduleEvery, type TJobSpec } from "../../lib/jobs";
import { retentionsInUse } from "../../lib/retention";

/**
 * Each church keeps its audit trail for its own retention (`churches.audit_retention_days`, 2 years
 * unless Church Settings says otherwise); a daily job removes what is older. The app's role has no
 * DELETE on `audit_entries` (migration 0018): the job, running as the table's owner, lends itself
 * DELETE inside its one transaction and gives it back before the commit. GRANT is transactional, so
 * no other session ever sees the right, and a failure rolls the grant back with the deletion.
 */

export const AUDIT_RETENTION_JOB: TJobSpec<Record<string, never>> = {
  name: "audit-retention",
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  maxAttempts: 5,
};
const DAY_MS = 86_400_000;
/** Runs at 03:30 UTC, a quiet hour for most churches; the exact time does not matter. */
const RUN_OFFSET_MS = 3.5 * 3_600_000;

/** The next run after `now`: the next 03:30 UTC. */
export function nextAuditRetentionRun(now: Date): Date {
  return nextRunAfter(now, DAY_MS, { atMs: RUN_OFFSET_MS });
}

/**
 * Queues the next run (one waiting job for all processes, keyed). `preserve`: a waiting run keeps its
 * time (each process calls this at start, main.ts; test apps never do).
 */
export async function scheduleAuditRetention(db: TDb, opts: { now?: Date; preserve?: boolean } = {}): Promise<void> {
  await scheduleEvery(db, AUDIT_RETENTION_JOB, DAY_MS, { ...opts, atMs: RUN_OFFSET_MS });
}

/**
 * Removes every church's entries older than its retention at `now`, in one transaction (a statement
 * per retention in use); returns how many left. Every church at once (the app acts, no member):
 * each row is held against its own church's setting by the join.
 */
export async function removeExpiredAuditEntries(db: TDb, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`grant delete on audit_entries to current_user`);
    let removed = 0;
    for (const days of await retentionsInUse(tx, sql`audit_retention_days`)) {
      const res = await tx.execute(expiredAuditEntriesDelete(now, days));
      removed += res.rowCount ?? 0;
    }
    await tx.execute(sql`revoke delete on audit_entries from current_user`);
    return removed;
  });
}

/**
 * The churches keeping their trail `days` days, their older entries (it needs the lent DELETE): one
 * statement per retention in use, its cutoff a value the planner reads, so it reads the old entries
 * through `audit_entries_church_idx`, not the whole trail (issue 30; retention-cost.test.ts).
 */
export function expiredAuditEntriesDelete(now: Date, days: number) {
  return sql`delete from audit_entries a using churches c
          where c.id = a.church_id and c.audit_retention_days = ${days}::int
            and a.created_at < ${now.toISOString()}::timestamptz - make_interval(days => ${days}::int)`;
}

/** Defines the daily task on the app's queue (every process; main.ts schedules the first run). */
export function defineAuditRetention(app: FastifyInstance): void {
  app.jobs.define({
    ...AUDIT_RETENTION_JOB,
    run: async () => {
      const now = new Date();
      // The next run first: whatever happens to this one, the runs go on.
      await scheduleAuditRetention(app.db, { now });
      const removed = await removeExpiredAuditEntries(app.db, now);
      if (removed > 0) app.log.info({ removed }, "audit entries past their church's retention removed");
    },
  });
}
