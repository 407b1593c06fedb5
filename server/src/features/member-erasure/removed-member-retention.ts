import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { TDb } from "../../db/client";
import { nextRunAfter, scheduleEvery, type TJobSpec } from "../../lib/jobs";
import { eraseMember } from "./member-erasure.service";

/**
 * A member removed from a church (or who left it) keeps an account without a church; their
 * personal data is kept `churches.removed_member_retention_days` (30 unless Church Settings says
 * otherwise), counted in whole 24-hour days from the removal's audit entry (`member.removed` or
 * `member.left`), the same in every time zone. Then a daily job erases them as a member's own
 * request would (source `retention`, the system as actor). Someone who has joined another church
 * since is left alone: they are that church's member now, and their rows here already name no one
 * the removing church can reach through its member list. Each erasure is its own transaction, so one
 * failure leaves the others done; the next run picks up what is left.
 */

export const REMOVED_MEMBER_RETENTION_JOB: TJobSpec<Record<string, never>> = {
  name: "removed-member-retention",
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  maxAttempts: 5,
};
const DAY_MS = 86_400_000;
/** Runs at 03:45 UTC, after the audit retention (03:30); the exact time does not matter. */
const RUN_OFFSET_MS = 3.75 * 3_600_000;

/** The next run after `now`: the next 03:45 UTC. */
export function nextRemovedMemberRetentionRun(now: Date): Date {
  return nextRunAfter(now, DAY_MS, { atMs: RUN_OFFSET_MS });
}

/** Queues the next run (one waiting job for all processes, keyed); `preserve` keeps a waiting run's time. */
export async function scheduleRemovedMemberRetention(
  db: TDb,
  opts: { now?: Date; preserve?: boolean } = {},
): Promise<void> {
  await scheduleEvery(db, REMOVED_MEMBER_RETENTION_JOB, DAY_MS, { ...opts, atMs: RUN_OFFSET_MS });
}

/** Who is due at `now`: (church, member) pairs of accounts without a church whose last removal is old enough. */
export async function findRemovedMembersDue(db: TDb, now: Date): Promise<{ churchId: string; memberId: string }[]> {
  const res = await db.execute<{ churchId: string; memberId: string }>(removedMembersDueQuery(now));
  return res.rows;
}

/** The statement, apart for its plan's test (retention-cost.test.ts). */
export function removedMembersDueQuery(now: Date) {
  return sql`
    select a.church_id as "churchId", u.id as "memberId"
    from audit_entries a
    join churches c on c.id = a.church_id
    join users u on u.id::text = a.target_id
    where a.action in ('member.removed', 'member.left') and a.target_type = 'member'
      and u.church_id is null
      and not exists (select 1 from member_erasures e where e.pseudonym = u.id)
    group by a.church_id, u.id, c.removed_member_retention_days
    having max(a.created_at) < ${now.toISOString()}::timestamptz - make_interval(days => c.removed_member_retention_days)
    order by max(a.created_at)`;
}

/** Erases everyone due at `now`, one transaction each; returns how many. */
export async function eraseRemovedMembers(db: TDb, now: Date): Promise<number> {
  const due = await findRemovedMembersDue(db, now);
  for (const d of due) {
    await eraseMember(db, {
      churchId: d.churchId,
      memberId: d.memberId,
      source: "retention",
      by: { churchId: d.churchId, userId: null },
      now,
    });
  }
  return due.length;
}

/** Defines the daily task on the app's queue (every process; main.ts schedules the first run). */
export function defineRemovedMemberRetention(app: FastifyInstance): void {
  app.jobs.define({
    ...REMOVED_MEMBER_RETENTION_JOB,
    run: async () => {
      const now = new Date();
      // The next run first: whatever happens to this one, the runs go on.
      await scheduleRemovedMemberRetention(app.db, { now });
      const erased = await eraseRemovedMembers(app.db, now);
      if (erased > 0) app.log.info({ erased }, "removed members past their church's retention erased");
    },
  });
}
