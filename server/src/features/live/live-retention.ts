import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { TDb } from "../../db/client";
import { nextRunAfter, scheduleEvery, type TJobSpec } from "../../lib/jobs";
import { retentionsInUse } from "../../lib/retention";

/**
 * Each church keeps its live chat for its own retention (`churches.chat_retention_days`, one year
 * unless Church Settings says otherwise, issue 28); a daily job removes the messages that are older,
 * moderator-deleted ones too. Only the live chat: group posts are a group's own conversation and stay.
 *
 * A stream's message count (the admin's Live page) is its rows plus `live_streams.expired_message_count`:
 * the same statement that removes the messages adds them there, so the count stays true. No other
 * figure counts chat messages (the analytics read the points ledger; chatting earns no points).
 */

export const LIVE_RETENTION_JOB: TJobSpec<Record<string, never>> = {
  name: "live-chat-retention",
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  maxAttempts: 5,
};
const DAY_MS = 86_400_000;
/** Runs at 03:40 UTC, after the audit trail's; the exact time does not matter. */
const RUN_OFFSET_MS = (3 * 60 + 40) * 60_000;

/** The next run after `now`: the next 03:40 UTC. */
export function nextLiveRetentionRun(now: Date): Date {
  return nextRunAfter(now, DAY_MS, { atMs: RUN_OFFSET_MS });
}

/**
 * Queues the next run (one waiting job for all processes, keyed). `preserve`: a waiting run keeps its
 * time (each process calls this at start, main.ts; test apps never do). Never a slot the database's
 * clock has passed (lib/jobs.ts#scheduleEvery, as the other daily jobs).
 */
export async function scheduleLiveRetention(db: TDb, opts: { now?: Date; preserve?: boolean } = {}): Promise<void> {
  await scheduleEvery(db, LIVE_RETENTION_JOB, DAY_MS, { ...opts, atMs: RUN_OFFSET_MS });
}

/**
 * Removes every church's chat messages older than its retention at `now`, and adds them to their
 * streams' counts, a statement per retention in use (each removes and counts at once); returns how
 * many left. Every church at once (the app acts, no member): each row is held against its own
 * church's setting by the join. The window is a number of days back from this instant, the same in
 * every time zone.
 */
export async function removeExpiredChatMessages(db: TDb, now: Date): Promise<number> {
  let removed = 0;
  for (const days of await retentionsInUse(db, sql`chat_retention_days`)) {
    const res = await db.execute<{ removed: number }>(expiredChatMessagesDelete(now, days));
    removed += res.rows[0]?.removed ?? 0;
  }
  return removed;
}

/**
 * The churches keeping their chat `days` days, their older messages, counted on their streams: one
 * statement per retention in use, its cutoff a value the planner reads, so it reads the old messages
 * through `live_chat_messages_church_created_idx`, not the whole table (issue 30; retention-cost.test.ts).
 */
export function expiredChatMessagesDelete(now: Date, days: number) {
  return sql`with gone as (
          delete from live_chat_messages m using churches c
          where c.id = m.church_id and c.chat_retention_days = ${days}::int
            and m.created_at < ${now.toISOString()}::timestamptz - make_interval(days => ${days}::int)
          returning m.stream_id, m.church_id
        ), per_stream as (
          select stream_id, church_id, count(*)::int as n from gone group by stream_id, church_id
        ), counted as (
          update live_streams s set expired_message_count = s.expired_message_count + p.n
          from per_stream p
          where s.id = p.stream_id and s.church_id = p.church_id
          returning p.n
        )
        select coalesce(sum(n), 0)::int as removed from counted`;
}

/** Defines the daily task on the app's queue (every process; main.ts schedules the first run). */
export function defineLiveRetention(app: FastifyInstance): void {
  app.jobs.define({
    ...LIVE_RETENTION_JOB,
    run: async () => {
      const now = new Date();
      // The next run first: whatever happens to this one, the runs go on.
      await scheduleLiveRetention(app.db, { now });
      const removed = await removeExpiredChatMessages(app.db, now);
      if (removed > 0) app.log.info({ removed }, "live chat messages past their church's retention removed");
    },
  });
}
