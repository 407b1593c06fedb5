import { groupAttendance, groupMeetings } from "../../db/schema/groups";
import { inChurch } from "../../lib/church-scope";
import type { TDataKind } from "../../lib/data-kinds";

/** Group meetings and who was marked at them (issue 27). Declared for the church export. */
export const GROUP_MEETINGS_DATA_KINDS: TDataKind[] = [
  {
    file: "group-meetings.csv",
    about:
      "Meetings of small groups: added by a leader, or from the group's pattern once attendance was taken or a reminder sent.",
    fields: {
      id: groupMeetings.id,
      groupId: groupMeetings.groupId,
      startsAt: groupMeetings.startsAt,
      note: groupMeetings.note,
      remindedAt: groupMeetings.remindedAt,
      createdAt: groupMeetings.createdAt,
    },
    keys: ["id"],
    table: groupMeetings,
    where: (ctx) => inChurch(groupMeetings, ctx),
    memberColumn: null,
  },
  {
    file: "group-attendance.csv",
    about: "Attendance at group meetings: present or absent, and who marked it.",
    fields: {
      meetingId: groupAttendance.meetingId,
      userId: groupAttendance.userId,
      present: groupAttendance.present,
      markedBy: groupAttendance.markedBy,
      markedAt: groupAttendance.markedAt,
    },
    keys: ["meetingId", "userId"],
    table: groupAttendance,
    where: (ctx) => inChurch(groupAttendance, ctx),
    memberColumn: groupAttendance.userId,
  },
];
