import { and, eq, gte, isNotNull, isNull, lt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { TDb } from "../../db/client";
import { churches } from "../../db/schema/churches";
import { groupMeetings, groups } from "../../db/schema/groups";
import { inChurch } from "../../lib/church-scope";
import { publish } from "../../lib/domain-events";
import { nextRunAfter, scheduleEvery, type TJobSpec } from "../../lib/jobs";
import { localHour, nextPatternStarts, startOfLocalDay } from "./meeting-pattern";

/**
 * Issue 27: the day before a group meets, its members are reminded, once. A queue job runs every
 * quarter of an hour (like the week's start) and, for each church whose day has reached
 * GROUP_REMINDER_HOUR (nobody is woken at midnight), finds the groups meeting tomorrow in its time
 * zone: from the pattern or added one by one. Each such meeting becomes a row and its `reminded_at`
 * is set in the transaction that publishes `group.meeting_tomorrow`; only the run that sets it
 * publishes, so restarts, retries and several processes remind once. The notifications subscriber
 * then tells the group's members (their preferences, their language).
 */

/** The church's hour from which tomorrow's meetings are reminded (a meeting added later is reminded at the next run). */
export const GROUP_REMINDER_HOUR = 9;

export const GROUP_REMINDERS_JOB: TJobSpec<Record<string, never>> = {
  name: "group-meetings.reminders",
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  maxAttempts: 3,
};
const EVERY_MS = 15 * 60_000;
const AFTER_BOUNDARY_MS = 10_000;
/** Far enough ahead to hold any zone's "tomorrow". */
const LOOK_AHEAD_MS = 50 * 3_600_000;

/** The next run: just after the next quarter hour following `now`. */
export function nextGroupRemindersRun(now: Date): Date {
  return nextRunAfter(now, EVERY_MS, { afterMs: AFTER_BOUNDARY_MS });
}

/** Queues the next run (one waiting job for all processes, keyed); `preserve` keeps a waiting run's time. */
export async function scheduleGroupMeetingReminders(
  db: TDb,
  opts: { now?: Date; preserve?: boolean } = {},
): Promise<void> {
  await scheduleEvery(db, GROUP_REMINDERS_JOB, EVERY_MS, { ...opts, afterMs: AFTER_BOUNDARY_MS });
}

type TCandidate = { churchId: string; groupId: string; startsAt: Date };

/** Tomorrow in the church's time zone, when its day has reached the reminder hour; else null. */
function tomorrowOf(timeZone: string, now: Date): { from: Date; to: Date } | null {
  if (localHour(now, timeZone) < GROUP_REMINDER_HOUR) return null;
  return { from: startOfLocalDay(now, timeZone, 1), to: startOfLocalDay(now, timeZone, 2) };
}

/** Every live group's meetings that start tomorrow (church time) and have not been reminded. */
async function findDueMeetings(db: TDb, now: Date): Promise<TCandidate[]> {
  const horizon = new Date(now.getTime() + LOOK_AHEAD_MS);
  // The app acts for every church at once: each row is read with its own church's time zone.
  const [patterned, rows] = await Promise.all([
    db
      .select({
        churchId: groups.churchId,
        groupId: groups.id,
        meetingDay: groups.meetingDay,
        meetingTime: groups.meetingTime,
        timeZone: churches.timeZone,
      })
      .from(groups)
      .innerJoin(churches, eq(churches.id, groups.churchId))
      .where(and(isNull(groups.archivedAt), isNotNull(groups.meetingDay), isNotNull(groups.meetingTime))),
    db
      .select({
        churchId: groupMeetings.churchId,
        groupId: groupMeetings.groupId,
        startsAt: groupMeetings.startsAt,
        remindedAt: groupMeetings.remindedAt,
        timeZone: churches.timeZone,
      })
      .from(groupMeetings)
      .innerJoin(groups, eq(groups.id, groupMeetings.groupId))
      .innerJoin(churches, eq(churches.id, groupMeetings.churchId))
      .where(and(isNull(groups.archivedAt), gte(groupMeetings.startsAt, now), lt(groupMeetings.startsAt, horizon))),
  ]);
  const reminded = new Set(rows.filter((r) => r.remindedAt).map((r) => `${r.groupId} ${r.startsAt.getTime()}`));
  const due = new Map<string, TCandidate>();
  const consider = (c: TCandidate, timeZone: string) => {
    const day = tomorrowOf(timeZone, now);
    const key = `${c.groupId} ${c.startsAt.getTime()}`;
    if (!day || reminded.has(key) || c.startsAt < day.from || c.startsAt >= day.to) return;
    due.set(key, c);
  };
  for (const g of patterned) {
    const day = tomorrowOf(g.timeZone, now);
    if (!day) continue;
    for (const startsAt of nextPatternStarts(g, g.timeZone, day.from, 1)) consider({ ...g, startsAt }, g.timeZone);
  }
  for (const r of rows) if (!r.remindedAt) consider(r, r.timeZone);
  return [...due.values()];
}

/**
 * One run at `now` (tests pass a moved clock): reminds every meeting due and not yet reminded, each
 * in its own transaction; returns the meetings' ids it published a reminder for.
 */
export async function sendGroupMeetingReminders(db: TDb, now: Date): Promise<string[]> {
  const sent: string[] = [];
  for (const c of await findDueMeetings(db, now)) {
    const id = await db.transaction(async (tx) => {
      const church = { churchId: c.churchId };
      await tx
        .insert(groupMeetings)
        .values({ groupId: c.groupId, churchId: c.churchId, startsAt: c.startsAt })
        .onConflictDoNothing({ target: [groupMeetings.groupId, groupMeetings.startsAt] });
      // Only the run that sets the marker publishes: a second run (or process) finds it set.
      const [row] = await tx
        .update(groupMeetings)
        .set({ remindedAt: now })
        .where(
          inChurch(
            groupMeetings,
            church,
            eq(groupMeetings.groupId, c.groupId),
            eq(groupMeetings.startsAt, c.startsAt),
            isNull(groupMeetings.remindedAt),
          ),
        )
        .returning({ id: groupMeetings.id });
      if (!row) return null;
      await publish(tx, "group.meeting_tomorrow", {
        churchId: c.churchId,
        actorId: null,
        groupId: c.groupId,
        meetingId: row.id,
      });
      return row.id;
    });
    if (id) sent.push(id);
  }
  return sent;
}

/** Defines the task on the app's queue (every process; main.ts schedules the first run). */
export function defineGroupMeetingReminders(app: FastifyInstance): void {
  app.jobs.define({
    ...GROUP_REMINDERS_JOB,
    run: async () => {
      const now = new Date();
      // The next run first: whatever happens to this one, the runs go on.
      await scheduleGroupMeetingReminders(app.db, { now });
      const sent = await sendGroupMeetingReminders(app.db, now);
      if (sent.length > 0) app.log.info({ meetings: sent.length }, "group meetings of tomorrow reminded");
    },
  });
}
