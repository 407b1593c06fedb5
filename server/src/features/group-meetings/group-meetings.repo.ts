import { asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { groupAttendance, groupMeetings, groups } from "../../db/schema/groups";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";

/** The group's meeting pattern and when it began (its first possible meeting day). */
export async function findGroupPattern(ctx: TChurchCtx, groupId: string) {
  const [row] = await ctx.db
    .select({ meetingDay: groups.meetingDay, meetingTime: groups.meetingTime, createdAt: groups.createdAt })
    .from(groups)
    .where(churchRow(groups, ctx, groupId));
  return row;
}

export type TMeetingRow = { id: string; startsAt: Date; note: string | null };

const meetingColumns = { id: groupMeetings.id, startsAt: groupMeetings.startsAt, note: groupMeetings.note };

/** Up to `limit` of the group's meeting rows from `from` on (soonest first), or before it (newest first). */
export async function findMeetingRows(
  ctx: TChurchCtx,
  groupId: string,
  side: { from: Date } | { before: Date },
  limit: number,
): Promise<TMeetingRow[]> {
  const isAhead = "from" in side;
  return ctx.db
    .select(meetingColumns)
    .from(groupMeetings)
    .where(
      inChurch(
        groupMeetings,
        ctx,
        eq(groupMeetings.groupId, groupId),
        isAhead ? gte(groupMeetings.startsAt, side.from) : lt(groupMeetings.startsAt, side.before),
      ),
    )
    .orderBy(isAhead ? asc(groupMeetings.startsAt) : desc(groupMeetings.startsAt))
    .limit(limit);
}

/** The group's meeting row that starts at `startsAt`, if any. */
export async function findMeetingAt(ctx: TChurchCtx, groupId: string, startsAt: Date): Promise<TMeetingRow | null> {
  const [row] = await ctx.db
    .select(meetingColumns)
    .from(groupMeetings)
    .where(inChurch(groupMeetings, ctx, eq(groupMeetings.groupId, groupId), eq(groupMeetings.startsAt, startsAt)));
  return row ?? null;
}

export type TAttendanceSummary = { present: number; absent: number; mine: boolean | null };

/** Per meeting id: how many were marked present and absent, and the caller's own mark. */
export async function findAttendanceSummaries(
  ctx: TChurchCtx,
  meetingIds: string[],
): Promise<Map<string, TAttendanceSummary>> {
  if (meetingIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      meetingId: groupAttendance.meetingId,
      present: sql<number>`count(*) filter (where ${groupAttendance.present})::int`,
      absent: sql<number>`count(*) filter (where not ${groupAttendance.present})::int`,
      mine: sql<
        boolean | null
      >`bool_or(${groupAttendance.present}) filter (where ${groupAttendance.userId} = ${ctx.userId})`,
    })
    .from(groupAttendance)
    .where(inChurch(groupAttendance, ctx, inArray(groupAttendance.meetingId, meetingIds)))
    .groupBy(groupAttendance.meetingId);
  return new Map(rows.map((r) => [r.meetingId, { present: r.present, absent: r.absent, mine: r.mine }]));
}

/** The meeting row at `startsAt`, made if the group has none yet (the unique group+start decides under a race). */
export async function materialiseMeeting(ctx: TChurchCtx, groupId: string, startsAt: Date): Promise<string> {
  await ctx.db
    .insert(groupMeetings)
    .values({ groupId, churchId: ctx.churchId, startsAt })
    .onConflictDoNothing({ target: [groupMeetings.groupId, groupMeetings.startsAt] });
  const row = await findMeetingAt(ctx, groupId, startsAt);
  if (!row) throw new Error("the meeting row was not made");
  return row.id;
}

/** A person's mark at a meeting, if any. */
export async function findAttendanceOf(ctx: TChurchCtx, meetingId: string, userId: string) {
  const [row] = await ctx.db
    .select({ present: groupAttendance.present })
    .from(groupAttendance)
    .where(
      inChurch(groupAttendance, ctx, eq(groupAttendance.meetingId, meetingId), eq(groupAttendance.userId, userId)),
    );
  return row ?? null;
}
