import { ZApiError } from "@common/errors";
import {
  ZAttendanceQuery,
  ZCreateGroupMeetingBody,
  ZGroupAnalytics,
  ZGroupMeeting,
  ZGroupMeetings,
  ZMarkAttendanceBody,
  ZMarkAttendanceResult,
  ZMeetingAttendance,
  ZMyGroup,
} from "@common/group-meetings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { getGroupAnalytics } from "./group-analytics.service";
import { defineGroupMeetingReminders } from "./group-meeting-reminders";
import { addGroupMeeting, getMeetingAttendance, listGroupMeetings, markAttendance } from "./group-meetings.service";
import { listMyGroups } from "./my-groups.service";

/** A malformed group id names no group: group-access answers 404, as for another church's. */
const ZGroupParams = z.object({ id: z.string() });

/**
 * Issue 27: a group's meetings and attendance (`/api/groups/{id}/meetings`), the day-before
 * reminder job and the admins' group analytics (`/api/admin/analytics/groups`). Who may do what is
 * lib/group-access.ts's, called by the service.
 */
export const groupMeetingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };
  defineGroupMeetingReminders(app);

  // A static path: the router prefers it to `/api/groups/:id` whatever the order of registration.
  app.get(
    "/api/groups/mine",
    {
      config: member,
      schema: {
        summary: "My groups",
        description:
          "The caller's live groups (as member or leader, at most 20), soonest next meeting first: each with its next meeting not yet started (the pattern in the church's time zone, or one added one by one) and, for a group the caller leads, how many wait to join.",
        response: { 200: z.array(ZMyGroup) },
      },
    },
    async (req) => listMyGroups(req.churchCtx),
  );

  app.get(
    "/api/groups/:id/meetings",
    {
      config: member,
      schema: {
        summary: "A group's meetings",
        description:
          "The next meetings (from the group's pattern and those added one by one, soonest first) and the recent ones (newest first), with attendance counts and the caller's own mark. Members, leaders and admins.",
        params: ZGroupParams,
        response: { 200: ZGroupMeetings },
      },
    },
    async (req) => listGroupMeetings(req.churchCtx, req.params.id),
  );

  app.post(
    "/api/groups/:id/meetings",
    {
      config: member,
      schema: {
        summary: "Add a meeting",
        description: "A meeting added one by one. The group's leaders and admins.",
        params: ZGroupParams,
        body: ZCreateGroupMeetingBody,
        response: { 201: ZGroupMeeting, 409: ZApiError },
      },
    },
    async (req, reply) => reply.code(201).send(await addGroupMeeting(req.churchCtx, req.params.id, req.body)),
  );

  app.get(
    "/api/groups/:id/meetings/attendance",
    {
      config: member,
      schema: {
        summary: "A meeting's roll",
        description:
          "Each of the group's people with their mark at the meeting starting at `startsAt`. Leaders and admins.",
        params: ZGroupParams,
        querystring: ZAttendanceQuery,
        response: { 200: ZMeetingAttendance },
      },
    },
    async (req) => getMeetingAttendance(req.churchCtx, req.params.id, req.query.startsAt),
  );

  app.put(
    "/api/groups/:id/meetings/attendance",
    {
      config: member,
      schema: {
        summary: "Mark one person",
        description:
          "One tap: a member of the group present or absent at the meeting starting at `startsAt` (today's or an earlier one). Present pays the attendance points once per meeting. Leaders and admins.",
        params: ZGroupParams,
        body: ZMarkAttendanceBody,
        response: { 200: ZMarkAttendanceResult },
      },
    },
    async (req) => markAttendance(req.churchCtx, req.params.id, req.body),
  );

  app.get(
    "/api/admin/analytics/groups",
    {
      config: { access: "admin" },
      schema: {
        summary: "Group analytics",
        description:
          "Groups, members in a group, the share of active members in none, attendance per church week for 12 weeks and the groups without a meeting in 4 weeks.",
        response: { 200: ZGroupAnalytics },
      },
    },
    async (req) => getGroupAnalytics(req.churchCtx),
  );
};
