import { getZonedParts } from "@common/time";
import { eq } from "drizzle-orm";
import { churches } from "../../db/schema/churches";
import { groupMeetings, groupMembers, groups } from "../../db/schema/groups";
import { churchRow, inChurch } from "../../lib/church-scope";
import { subscriber, type TSubscriber } from "../../lib/domain-events";
import { notify } from "./notify";

/**
 * Issue 27: a group meets tomorrow (the group-meetings reminder job publishes it once per meeting):
 * its members and leaders are told, under their event preferences, each in their own language. The
 * time is the church's wall clock ("19:30"); a group archived since tells nobody. Keyed per meeting,
 * so a retried job tells nobody twice.
 */
const groupMeetingTomorrow = subscriber({
  name: "notifications.group_meeting_tomorrow",
  event: "group.meeting_tomorrow",
  handle: async ({ payload }, ctx) => {
    const [meeting] = await ctx.db
      .select({
        startsAt: groupMeetings.startsAt,
        name: groups.name,
        location: groups.location,
        archivedAt: groups.archivedAt,
        timeZone: churches.timeZone,
      })
      .from(groupMeetings)
      .innerJoin(groups, eq(groups.id, groupMeetings.groupId))
      .innerJoin(churches, eq(churches.id, groupMeetings.churchId))
      .where(churchRow(groupMeetings, ctx, payload.meetingId));
    if (!meeting || meeting.archivedAt) return;
    const people = await ctx.db
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(inChurch(groupMembers, ctx, eq(groupMembers.groupId, payload.groupId)));
    const at = getZonedParts(meeting.startsAt, meeting.timeZone);
    const time = `${String(at.hour).padStart(2, "0")}:${String(at.minute).padStart(2, "0")}`;
    await notify(ctx.db, ctx, {
      kind: "group_meeting_reminder",
      to: { userIds: people.map((p) => p.userId) },
      text: meeting.location
        ? {
            title: "group_meeting_reminder.title",
            message: "group_meeting_reminder.messageAt",
            values: { group: meeting.name, time, location: meeting.location },
          }
        : {
            title: "group_meeting_reminder.title",
            message: "group_meeting_reminder.message",
            values: { group: meeting.name, time },
          },
      link: `/groups/${payload.groupId}`,
      relatedId: payload.groupId,
      dedupeKey: `group_meeting:${payload.meetingId}`,
    });
  },
});

export const groupMeetingNotificationSubscribers: TSubscriber[] = [groupMeetingTomorrow];
