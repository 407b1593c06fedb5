import {
  GROUP_MEETING_AHEAD_DAYS,
  GROUP_PAST_MEETINGS,
  GROUP_UPCOMING_MEETINGS,
  type TAttendanceEntry,
  type TGroupMeeting,
  type TGroupMeetings,
  type TMarkAttendanceBody,
  type TMarkAttendanceResult,
  type TMeetingAttendance,
} from "@common/group-meetings";
import { POINTS } from "@common/points";
import { asc, eq, sql } from "drizzle-orm";
import { groupAttendance, groupMeetings, groupMembers } from "../../db/schema/groups";
import { users } from "../../db/schema/users";
import { recordAudit } from "../../lib/audit";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { publish } from "../../lib/domain-events";
import { badRequest, conflict } from "../../lib/errors";
import { requireGroupLeader, requireGroupReader } from "../../lib/group-access";
import { msg } from "../../lib/i18n";
import { awardPoints, revokePoints } from "../../lib/points";
import { inTransaction } from "../../lib/transaction";
import {
  findAttendanceOf,
  findAttendanceSummaries,
  findGroupPattern,
  findMeetingAt,
  findMeetingRows,
  materialiseMeeting,
  type TMeetingRow,
} from "./group-meetings.repo";
import {
  isPatternStart,
  nextPatternStarts,
  previousPatternStarts,
  startOfLocalDay,
  type TPattern,
} from "./meeting-pattern";

const DAY_MS = 86_400_000;

type TSlot = { id: string | null; startsAt: Date; note: string | null };

/** Pattern meetings and rows merged by their start (a row wins: it has the id and note), first `count`. */
function merge(pattern: Date[], rows: TMeetingRow[], count: number, order: 1 | -1): TSlot[] {
  const byStart = new Map<number, TSlot>();
  for (const at of pattern) byStart.set(at.getTime(), { id: null, startsAt: at, note: null });
  for (const r of rows) byStart.set(r.startsAt.getTime(), r);
  return [...byStart.values()].sort((a, b) => order * (a.startsAt.getTime() - b.startsAt.getTime())).slice(0, count);
}

/** Attendance can be taken of a meeting that has started or is today (church time): not of a later day's. */
const isMarkable = (startsAt: Date, tomorrow: Date) => startsAt.getTime() < tomorrow.getTime();

async function toMeetings(ctx: TChurchCtx, pattern: TPattern, slots: TSlot[], now: Date): Promise<TGroupMeeting[]> {
  const summaries = await findAttendanceSummaries(
    ctx,
    slots.flatMap((s) => (s.id ? [s.id] : [])),
  );
  const tomorrow = startOfLocalDay(now, ctx.timeZone, 1);
  return slots.map((s) => {
    const summary = s.id ? summaries.get(s.id) : undefined;
    return {
      id: s.id,
      startsAt: s.startsAt.toISOString(),
      note: s.note,
      isRegular: isPatternStart(pattern, ctx.timeZone, s.startsAt),
      canMark: isMarkable(s.startsAt, tomorrow),
      present: summary?.present ?? 0,
      absent: summary?.absent ?? 0,
      mine: summary?.mine ?? null,
    };
  });
}

/**
 * `GET /api/groups/{id}/meetings` (members, leaders, admins): the next GROUP_UPCOMING_MEETINGS
 * meetings from today (church time) on, and the GROUP_PAST_MEETINGS before today, from the pattern
 * and the rows. Each carries the counts and the caller's own mark; a leader reads everyone's marks
 * per meeting from `getMeetingAttendance`.
 */
export async function listGroupMeetings(ctx: TChurchCtx, groupId: string, now = new Date()): Promise<TGroupMeetings> {
  await requireGroupReader(ctx, groupId);
  const group = await findGroupPattern(ctx, groupId);
  const today = startOfLocalDay(now, ctx.timeZone);
  const [aheadRows, pastRows] = await Promise.all([
    findMeetingRows(ctx, groupId, { from: today }, GROUP_UPCOMING_MEETINGS),
    findMeetingRows(ctx, groupId, { before: today }, GROUP_PAST_MEETINGS),
  ]);
  const upcoming = merge(
    nextPatternStarts(group, ctx.timeZone, now, GROUP_UPCOMING_MEETINGS),
    aheadRows,
    GROUP_UPCOMING_MEETINGS,
    1,
  );
  const past = merge(
    previousPatternStarts(group, ctx.timeZone, now, GROUP_PAST_MEETINGS, group.createdAt),
    pastRows,
    GROUP_PAST_MEETINGS,
    -1,
  );
  const all = await toMeetings(ctx, group, [...upcoming, ...past], now);
  return { upcoming: all.slice(0, upcoming.length), past: all.slice(upcoming.length) };
}

/** `POST /api/groups/{id}/meetings` (leaders, admins): a meeting added one by one. */
export async function addGroupMeeting(
  ctx: TChurchCtx,
  groupId: string,
  body: { startsAt: string; note: string | null },
  now = new Date(),
): Promise<TGroupMeeting> {
  const access = await requireGroupLeader(ctx, groupId);
  const startsAt = new Date(body.startsAt);
  if (Math.abs(startsAt.getTime() - now.getTime()) > GROUP_MEETING_AHEAD_DAYS * DAY_MS)
    throw badRequest(msg`A meeting must be within ${GROUP_MEETING_AHEAD_DAYS} days of today.`, "startsAt");
  const inserted = await ctx.db.transaction(async (db) => {
    const rows = await db
      .insert(groupMeetings)
      .values({ groupId, churchId: ctx.churchId, startsAt, note: body.note })
      .onConflictDoNothing({ target: [groupMeetings.groupId, groupMeetings.startsAt] })
      .returning({ id: groupMeetings.id, startsAt: groupMeetings.startsAt, note: groupMeetings.note });
    if (rows.length === 0) throw conflict("This group already has a meeting at that time.");
    // The audit trail: who added which group's meeting, for when (a leader's change, as an admin's).
    await recordAudit(db, ctx, {
      action: "group_meeting.created",
      targetType: "group_meeting",
      targetId: rows[0].id,
      changes: {
        group: [null, access.name],
        startsAt: [null, rows[0].startsAt.toISOString()],
        ...(rows[0].note ? { note: [null, rows[0].note] } : {}),
      },
    });
    return rows;
  });
  const group = await findGroupPattern(ctx, groupId);
  const [meeting] = await toMeetings(ctx, group, inserted, now);
  return meeting;
}

/** The meeting of the group at `startsAt`: a row, or a start of its pattern; else 400. */
async function findMeeting(ctx: TChurchCtx, groupId: string, startsAt: Date): Promise<TSlot & { pattern: TPattern }> {
  const group = await findGroupPattern(ctx, groupId);
  const row = await findMeetingAt(ctx, groupId, startsAt);
  if (row) return { ...row, pattern: group };
  const isRegular =
    isPatternStart(group, ctx.timeZone, startsAt) &&
    startsAt.getTime() >= startOfLocalDay(group.createdAt, ctx.timeZone).getTime();
  if (!isRegular) throw badRequest("This group has no meeting at that time.", "startsAt");
  return { id: null, startsAt, note: null, pattern: group };
}

/** The group's members and leaders, leaders first, then by name. */
async function findRoll(ctx: TChurchCtx, groupId: string) {
  return ctx.db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      role: sql<"member" | "leader">`${groupMembers.role}`,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(inChurch(groupMembers, ctx, eq(groupMembers.groupId, groupId)))
    .orderBy(sql`${groupMembers.role} = 'leader' desc`, asc(users.firstName), asc(users.lastName), asc(users.id));
}

/**
 * `GET /api/groups/{id}/meetings/attendance?startsAt=` (leaders, admins): one meeting's roll, each of
 * the group's people with their mark, for the leader's one-tap list.
 */
export async function getMeetingAttendance(
  ctx: TChurchCtx,
  groupId: string,
  startsAtIso: string,
  now = new Date(),
): Promise<TMeetingAttendance> {
  await requireGroupLeader(ctx, groupId);
  const slot = await findMeeting(ctx, groupId, new Date(startsAtIso));
  const [meeting] = await toMeetings(ctx, slot.pattern, [slot], now);
  const roll = await findRoll(ctx, groupId);
  const marks = slot.id
    ? await ctx.db
        .select({ userId: groupAttendance.userId, present: groupAttendance.present })
        .from(groupAttendance)
        .where(inChurch(groupAttendance, ctx, eq(groupAttendance.meetingId, slot.id)))
    : [];
  const byUser = new Map(marks.map((m) => [m.userId, m.present]));
  const people: TAttendanceEntry[] = roll.map((p) => ({ ...p, present: byUser.get(p.userId) ?? null }));
  return { meeting, people };
}

/**
 * `PUT /api/groups/{id}/meetings/attendance` (leaders, admins): one person marked present or absent
 * at the meeting starting at `startsAt`; a pattern meeting becomes a row on its first mark.
 * Present pays POINTS.groupAttendance once per meeting (the ledger's key is the meeting's id, so a
 * second tap pays nothing). Corrected to absent, the award is taken back (the ledger holds what was
 * earned, and they did not attend); marked present again, it is paid again: never twice at once.
 */
export async function markAttendance(
  ctx: TChurchCtx,
  groupId: string,
  body: Pick<TMarkAttendanceBody, "userId" | "present"> & { startsAt: string },
  now = new Date(),
): Promise<TMarkAttendanceResult> {
  await requireGroupLeader(ctx, groupId);
  const startsAt = new Date(body.startsAt);
  await findMeeting(ctx, groupId, startsAt);
  if (!isMarkable(startsAt, startOfLocalDay(now, ctx.timeZone, 1)))
    throw badRequest("Attendance can be taken from the day of the meeting.", "startsAt");
  const [inGroup] = await ctx.db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(inChurch(groupMembers, ctx, eq(groupMembers.groupId, groupId), eq(groupMembers.userId, body.userId)));
  if (!inGroup) throw badRequest("Only this group's members and leaders can be marked.", "userId");

  return inTransaction(ctx, async (tx) => {
    const meetingId = await materialiseMeeting(tx, groupId, startsAt);
    const before = await findAttendanceOf(tx, meetingId, body.userId);
    await tx.db
      .insert(groupAttendance)
      .values({
        meetingId,
        churchId: ctx.churchId,
        userId: body.userId,
        present: body.present,
        markedBy: ctx.userId,
        markedAt: now,
      })
      .onConflictDoUpdate({
        target: [groupAttendance.meetingId, groupAttendance.userId],
        set: { present: body.present, markedBy: ctx.userId, markedAt: now },
      });
    const person = { ...tx, userId: body.userId };
    let pointsAwarded = 0;
    if (body.present)
      pointsAwarded = (await awardPoints(person, "group_attendance", meetingId, POINTS.groupAttendance)).awarded;
    else await revokePoints(person, "group_attendance", meetingId);
    if (before?.present !== body.present)
      await publish(tx.db, "group.attendance_marked", {
        churchId: ctx.churchId,
        actorId: ctx.userId,
        groupId,
        meetingId,
        userId: body.userId,
        present: body.present,
      });
    return { meetingId, userId: body.userId, present: body.present, pointsAwarded };
  });
}
