import { z } from "zod";
import { GROUP_KINDS } from "./groups";
import { optionalText } from "./text";

/*
 * Group meetings and attendance (issue 27): the contract of /api/groups/{id}/meetings and of the
 * admin's group analytics, shared by server and client.
 *
 * A meeting is named by its start (`startsAt`, an instant): the group's pattern (meeting day and time
 * in the church's time zone) gives the regular ones, a leader adds others one by one, and both are
 * one when they start at the same instant. A pattern meeting becomes a row (`id`) when attendance is
 * first taken or its reminder is sent; until then its `id` is null and its start names it.
 */

export { GROUP_UPCOMING_MEETINGS } from "./groups";
/** Past meetings a group's page lists (newest first). */
export const GROUP_PAST_MEETINGS = 8;
export const GROUP_MEETING_NOTE_MAX = 500;
/** How far ahead a leader may add a meeting. */
export const GROUP_MEETING_AHEAD_DAYS = 366;

const ZStartsAt = z.iso.datetime({
  offset: true,
  error: "startsAt must be a date and time such as 2026-11-27T19:30:00Z",
});

/** `POST /api/groups/{id}/meetings` (the group's leaders and admins): a meeting added one by one. */
export const ZCreateGroupMeetingBody = z
  .object({
    startsAt: ZStartsAt,
    note: optionalText(GROUP_MEETING_NOTE_MAX, "Note"),
  })
  .strict();
export type TCreateGroupMeetingBody = z.input<typeof ZCreateGroupMeetingBody>;

/**
 * `PUT /api/groups/{id}/meetings/attendance` (the group's leaders and admins): one person, one tap.
 * The meeting is named by its start, so a pattern meeting needs no id before its first mark.
 */
export const ZMarkAttendanceBody = z
  .object({
    startsAt: ZStartsAt,
    userId: z.uuid("userId must be the id of a member of this group"),
    present: z.boolean({ error: "present must be true or false" }),
  })
  .strict();
export type TMarkAttendanceBody = z.input<typeof ZMarkAttendanceBody>;

/** `GET /api/groups/{id}/meetings/attendance?startsAt=` (leaders and admins): one meeting's roll. */
export const ZAttendanceQuery = z.object({ startsAt: ZStartsAt });
export type TAttendanceQuery = z.input<typeof ZAttendanceQuery>;

export const ZGroupMeeting = z.object({
  /** The meeting's row; null for a pattern meeting nobody has taken attendance of yet. */
  id: z.string().nullable(),
  startsAt: z.string(),
  note: z.string().nullable(),
  /** From the group's meeting pattern (true) or added one by one (false). */
  isRegular: z.boolean(),
  /** Attendance may be taken: it has started, or it is today in the church's time zone. */
  canMark: z.boolean(),
  /** How many were marked present and absent. */
  present: z.number().int(),
  absent: z.number().int(),
  /** The caller's own mark: true present, false absent, null not marked. */
  mine: z.boolean().nullable(),
});
export type TGroupMeeting = z.infer<typeof ZGroupMeeting>;

/** `GET /api/groups/{id}/meetings`: the next meetings (soonest first) and the recent ones (newest first). */
export const ZGroupMeetings = z.object({
  upcoming: z.array(ZGroupMeeting),
  past: z.array(ZGroupMeeting),
});
export type TGroupMeetings = z.infer<typeof ZGroupMeetings>;

/** A person on a meeting's roll, with their mark (null: not marked yet). */
export const ZAttendanceEntry = z.object({
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(["member", "leader"]),
  present: z.boolean().nullable(),
});
export type TAttendanceEntry = z.infer<typeof ZAttendanceEntry>;

export const ZMeetingAttendance = z.object({
  meeting: ZGroupMeeting,
  people: z.array(ZAttendanceEntry),
});
export type TMeetingAttendance = z.infer<typeof ZMeetingAttendance>;

/** The answer to one tap: the mark as stored and what it paid (0 when already paid or absent). */
export const ZMarkAttendanceResult = z.object({
  meetingId: z.string(),
  userId: z.string(),
  present: z.boolean(),
  pointsAwarded: z.number().int(),
});
export type TMarkAttendanceResult = z.infer<typeof ZMarkAttendanceResult>;

/** `GET /api/admin/analytics/groups` (admins). */
export const ZGroupAnalytics = z.object({
  /** Live (not archived) groups. */
  groups: z.number().int(),
  /** Members of the church in at least one live group (as member or leader). */
  membersInGroups: z.number().int(),
  /** Active members (the analytics definition) and how many of them are in no group. */
  activeMembers: z.number().int(),
  activeInNoGroup: z.number().int(),
  /** activeInNoGroup / activeMembers, 0..1 (0 when there are no active members). */
  activeInNoGroupShare: z.number(),
  /** Present marks per church week, oldest first, GROUP_ANALYTICS_WEEKS weeks ending with this one. */
  attendanceByWeek: z.array(z.object({ weekStart: z.string(), present: z.number().int() })),
  /** Live groups with no meeting attended in the last GROUP_QUIET_WEEKS weeks. */
  quietGroups: z.array(z.object({ id: z.string(), name: z.string(), lastMeetingAt: z.string().nullable() })),
});
export type TGroupAnalytics = z.infer<typeof ZGroupAnalytics>;

/** Most groups the dashboard's "My groups" card lists (a member is in few). */
export const MY_GROUPS_MAX = 20;

/**
 * `GET /api/groups/mine`: one of the caller's live groups (member or leader) for the dashboard card,
 * with its next meeting (the pattern in the church's time zone or one added one by one, the first not
 * yet started) and, for a group the caller leads, how many wait to join.
 */
export const ZMyGroup = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(GROUP_KINDS),
  location: z.string().nullable(),
  membership: z.enum(["member", "leader"]),
  /** The next meeting's start (an instant), or null when none is planned. */
  nextMeetingAt: z.string().nullable(),
  /** Requests waiting to join: a number for a group the caller leads, else null. */
  pendingRequests: z.number().int().nullable(),
});
export type TMyGroup = z.infer<typeof ZMyGroup>;
