import { ACTIVE_WINDOW_DAYS } from "@common/analytics";
import { GROUP_ANALYTICS_WEEKS, GROUP_QUIET_WEEKS } from "@common/group-helpers";
import type { TGroupAnalytics } from "@common/group-meetings";
import { toLocalDate } from "@common/time";
import { and, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { groupAttendance, groupMeetings, groupMembers, groups } from "../../db/schema/groups";
import { pointsLedger } from "../../db/schema/points";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { startOfWeek } from "../../lib/time";
import { startOfLocalDay } from "./meeting-pattern";

const DAY_MS = 86_400_000;

/**
 * `GET /api/admin/analytics/groups` (admins). "Active" is growth analytics' word: seen in the last
 * ACTIVE_WINDOW_DAYS days or earned points this church week. A meeting "happened" when someone was
 * marked present at it, so a pattern meeting nobody took attendance of does not count, and neither
 * does a reminder alone. Attendance counts present marks by the meeting's church week (archived
 * groups' history included); the quiet groups are live groups without such a meeting in the last
 * GROUP_QUIET_WEEKS weeks, new ones included (a group that has not met yet is worth a look too).
 */
export async function getGroupAnalytics(ctx: TChurchCtx, now = new Date()): Promise<TGroupAnalytics> {
  const thisWeek = startOfWeek(now, ctx.timeZone);
  const weeks = Array.from({ length: GROUP_ANALYTICS_WEEKS }, (_, i) =>
    startOfLocalDay(thisWeek, ctx.timeZone, -7 * (GROUP_ANALYTICS_WEEKS - 1 - i)),
  );
  const activeSince = new Date(now.getTime() - ACTIVE_WINDOW_DAYS * DAY_MS);
  const quietSince = new Date(now.getTime() - GROUP_QUIET_WEEKS * 7 * DAY_MS);

  const inLiveGroup = sql`exists (select 1 from ${groupMembers} join ${groups} on ${groups.id} = ${groupMembers.groupId}
    where ${inChurch(groupMembers, ctx, sql`${groupMembers.userId} = ${users.id}`, isNull(groups.archivedAt))})`;
  const earnedThisWeek = sql`exists (select 1 from ${pointsLedger} where ${inChurch(
    pointsLedger,
    ctx,
    sql`${pointsLedger.userId} = ${users.id}`,
    gte(pointsLedger.createdAt, thisWeek),
  )})`;
  const isActive = sql`(${users.lastActiveAt} >= ${activeSince} or ${earnedThisWeek})`;

  const [[counts], [groupCount], attended, lastMet] = await Promise.all([
    ctx.db
      .select({
        membersInGroups: sql<number>`count(*) filter (where ${inLiveGroup})::int`,
        activeMembers: sql<number>`count(*) filter (where ${isActive})::int`,
        activeInNoGroup: sql<number>`count(*) filter (where ${isActive} and not ${inLiveGroup})::int`,
      })
      .from(users)
      .where(inChurch(users, ctx)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(groups)
      .where(inChurch(groups, ctx, isNull(groups.archivedAt))),
    // Present marks per meeting start in the 12 weeks (few rows: one per meeting), bucketed below.
    ctx.db
      .select({ startsAt: groupMeetings.startsAt, present: sql<number>`count(*)::int` })
      .from(groupAttendance)
      .innerJoin(groupMeetings, eq(groupMeetings.id, groupAttendance.meetingId))
      .where(
        inChurch(
          groupAttendance,
          ctx,
          eq(groupAttendance.present, true),
          gte(groupMeetings.startsAt, weeks[0]),
          lt(groupMeetings.startsAt, now),
        ),
      )
      .groupBy(groupMeetings.startsAt),
    // Each live group's last meeting with someone present (none: null).
    ctx.db
      .select({
        id: groups.id,
        name: groups.name,
        lastMeetingAt: sql<Date | null>`max(${groupMeetings.startsAt}) filter (where exists (
          select 1 from ${groupAttendance} where ${groupAttendance.meetingId} = ${groupMeetings.id} and ${groupAttendance.present}))`,
      })
      .from(groups)
      .leftJoin(groupMeetings, and(eq(groupMeetings.groupId, groups.id), lt(groupMeetings.startsAt, now)))
      .where(inChurch(groups, ctx, isNull(groups.archivedAt)))
      .groupBy(groups.id, groups.name)
      .orderBy(groups.name, groups.id),
  ]);

  const attendanceByWeek = weeks.map((start, i) => {
    const end = weeks[i + 1] ?? startOfLocalDay(start, ctx.timeZone, 7);
    const present = attended
      .filter((a) => new Date(a.startsAt) >= start && new Date(a.startsAt) < end)
      .reduce((sum, a) => sum + a.present, 0);
    return { weekStart: toLocalDate(start, ctx.timeZone), present };
  });
  const quietGroups = lastMet
    .map((g) => ({ ...g, lastMeetingAt: g.lastMeetingAt ? new Date(g.lastMeetingAt) : null }))
    .filter((g) => !g.lastMeetingAt || g.lastMeetingAt < quietSince)
    .map((g) => ({ id: g.id, name: g.name, lastMeetingAt: g.lastMeetingAt?.toISOString() ?? null }));

  return {
    groups: groupCount.n,
    membersInGroups: counts.membersInGroups,
    activeMembers: counts.activeMembers,
    activeInNoGroup: counts.activeInNoGroup,
    activeInNoGroupShare: counts.activeMembers > 0 ? counts.activeInNoGroup / counts.activeMembers : 0,
    attendanceByWeek,
    quietGroups,
  };
}
