import { MY_GROUPS_MAX, type TMyGroup } from "@common/group-meetings";
import type { TGroupKind } from "@common/groups";
import { and, asc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { groupJoinRequests, groupMeetings, groupMembers, groups } from "../../db/schema/groups";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { nextPatternStarts } from "./meeting-pattern";

/**
 * Requests waiting to join the group, from people still in the church (as its requests list counts
 * them); asked only of a group the caller leads.
 */
const pendingRequests = (ctx: TChurchCtx) =>
  sql<number | null>`case when ${groupMembers.role} = 'leader' then (select count(*)::int from ${groupJoinRequests}
    join ${users} on ${users.id} = ${groupJoinRequests.userId} and ${inChurch(users, ctx)}
    where ${groupJoinRequests.groupId} = ${groups.id} and ${inChurch(groupJoinRequests, ctx)}) end`;

/**
 * Per group, the first meeting row (added one by one, or a pattern meeting already made a row) that
 * has not started at `now`: one statement for all the groups.
 */
async function findNextRows(ctx: TChurchCtx, groupIds: string[], now: Date): Promise<Map<string, Date>> {
  if (groupIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectDistinctOn([groupMeetings.groupId], { groupId: groupMeetings.groupId, startsAt: groupMeetings.startsAt })
    .from(groupMeetings)
    .where(inChurch(groupMeetings, ctx, inArray(groupMeetings.groupId, groupIds), gte(groupMeetings.startsAt, now)))
    .orderBy(asc(groupMeetings.groupId), asc(groupMeetings.startsAt));
  return new Map(rows.map((r) => [r.groupId, r.startsAt]));
}

const byNextMeeting = (a: TMyGroup, b: TMyGroup) =>
  (a.nextMeetingAt ?? "\uffff").localeCompare(b.nextMeetingAt ?? "\uffff") || a.name.localeCompare(b.name);

/**
 * `GET /api/groups/mine` (the dashboard's "My groups" card): the caller's live groups, as member or
 * leader, at most MY_GROUPS_MAX, soonest next meeting first. The next meeting is the earlier of the
 * pattern's next start in the church's time zone (meeting-pattern.ts, as the group's page computes
 * it) and the next meeting row, not yet started at `now`. Two statements whatever the number of
 * groups. An admin sees only the groups they are in, like anyone.
 */
export async function listMyGroups(ctx: TChurchCtx, now = new Date()): Promise<TMyGroup[]> {
  const rows = await ctx.db
    .select({
      id: groups.id,
      name: groups.name,
      kind: groups.kind,
      location: groups.location,
      meetingDay: groups.meetingDay,
      meetingTime: groups.meetingTime,
      role: groupMembers.role,
      pendingRequests: pendingRequests(ctx),
    })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.id, groupMembers.groupId), inChurch(groups, ctx, isNull(groups.archivedAt))))
    .where(inChurch(groupMembers, ctx, eq(groupMembers.userId, ctx.userId)))
    .orderBy(asc(groups.name), asc(groups.id))
    .limit(MY_GROUPS_MAX);
  const nextRows = await findNextRows(
    ctx,
    rows.map((r) => r.id),
    now,
  );
  return rows
    .map((r) => {
      // Today's pattern meeting may have started already: the second start is then the next one.
      const fromPattern = nextPatternStarts(r, ctx.timeZone, now, 2).find((at) => at.getTime() >= now.getTime());
      const fromRows = nextRows.get(r.id);
      const next = [fromPattern, fromRows]
        .filter((d): d is Date => d !== undefined)
        .sort((a, b) => a.getTime() - b.getTime())[0];
      const isLeader = r.role === "leader";
      return {
        id: r.id,
        name: r.name,
        kind: r.kind as TGroupKind,
        location: r.location,
        membership: isLeader ? ("leader" as const) : ("member" as const),
        nextMeetingAt: next ? next.toISOString() : null,
        pendingRequests: isLeader ? (r.pendingRequests ?? 0) : null,
      };
    })
    .sort(byNextMeeting);
}
