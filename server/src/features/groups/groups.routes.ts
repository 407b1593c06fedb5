import { ZApiError } from "@common/errors";
import {
  ZAddGroupMemberBody,
  ZCreateGroupBody,
  ZGroup,
  ZGroupJoinRequest,
  ZGroupListQuery,
  ZGroupMember,
  ZGroupRequestDecisionBody,
  ZJoinGroupResult,
  ZUpdateGroupBody,
} from "@common/groups";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParams } from "../../lib/params";
import { ZNoBody } from "../../plugins/openapi-answers";
import {
  addGroupMember,
  approveJoinRequest,
  declineJoinRequest,
  joinGroup,
  leaveGroup,
  listGroupMembers,
  listJoinRequests,
} from "./group-members.service";
import { archiveGroup, createGroup, getGroup, listGroups, updateGroup } from "./groups.service";

/** A malformed id names no group or member: the error handler answers 404, as for another church's. */
const ZRequestParams = z.object({ id: z.uuid(), userId: z.uuid() });

/** `/api/groups` (issue 27): small groups, who is in them and who asks to be. */
export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };
  const admin = { access: "admin" as const };

  app.get(
    "/api/groups",
    {
      config: member,
      schema: {
        summary: "Groups",
        description:
          "Live groups by name with member count, leaders and the caller's membership: members see listed groups and their own, admins all. Filters: q (name or description), kind, day, hasSpace.",
        querystring: ZGroupListQuery,
        response: { 200: z.array(ZGroup) },
      },
    },
    async (req) => listGroups(req.churchCtx, req.query),
  );

  app.get(
    "/api/groups/:id",
    { config: member, schema: { summary: "A group", params: ZIdParams, response: { 200: ZGroup } } },
    async (req) => getGroup(req.churchCtx, req.params.id),
  );

  app.post(
    "/api/groups",
    {
      config: admin,
      schema: {
        summary: "Create a group",
        description: "leaderIds must be members of this church; a Church Member named leader becomes a Group Leader.",
        body: ZCreateGroupBody,
        response: { 201: ZGroup },
      },
    },
    async (req, reply) => reply.code(201).send(await createGroup(req.churchCtx, req.body)),
  );

  app.patch(
    "/api/groups/:id",
    {
      config: member,
      schema: {
        summary: "Edit a group",
        description: "Admins, or a leader of this group, who may not change its leaders (403).",
        params: ZIdParams,
        body: ZUpdateGroupBody,
        response: { 200: ZGroup },
      },
    },
    async (req) => updateGroup(req.churchCtx, req.params.id, req.body),
  );

  app.delete(
    "/api/groups/:id",
    {
      config: admin,
      schema: { summary: "Archive a group", params: ZIdParams, response: { 204: ZNoBody } },
    },
    async (req, reply) => {
      await archiveGroup(req.churchCtx, req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    "/api/groups/:id/join",
    {
      config: member,
      schema: {
        summary: "Join a group",
        description:
          "Open: a member at once (409 when full). By request: a request for its leaders. Invitation only: 403. Already in: the current place.",
        params: ZIdParams,
        response: { 200: ZJoinGroupResult, 409: ZApiError },
      },
    },
    async (req) => joinGroup(req.churchCtx, req.params.id),
  );

  app.post(
    "/api/groups/:id/leave",
    {
      config: member,
      schema: {
        summary: "Leave a group",
        description: "Withdraws a waiting request too; the last leader may not leave (409).",
        params: ZIdParams,
        response: { 204: ZNoBody, 409: ZApiError },
      },
    },
    async (req, reply) => {
      await leaveGroup(req.churchCtx, req.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/groups/:id/requests",
    {
      config: member,
      schema: {
        summary: "Requests to join a group",
        description: "The group's leaders and admins; oldest first.",
        params: ZIdParams,
        response: { 200: z.array(ZGroupJoinRequest) },
      },
    },
    async (req) => listJoinRequests(req.churchCtx, req.params.id),
  );

  for (const decision of ["approve", "decline"] as const) {
    app.post(
      `/api/groups/:id/requests/:userId/${decision}`,
      {
        config: member,
        schema: {
          summary: decision === "approve" ? "Approve a request to join" : "Decline a request to join",
          description:
            decision === "approve"
              ? "The member is seated (409 when full) and told, with the optional message."
              : "The request goes; the member is told, with the optional message.",
          params: ZRequestParams,
          body: ZGroupRequestDecisionBody,
          response: { 204: ZNoBody, 409: ZApiError },
        },
      },
      async (req, reply) => {
        const answer = decision === "approve" ? approveJoinRequest : declineJoinRequest;
        await answer(req.churchCtx, req.params.id, req.params.userId, req.body.message);
        return reply.code(204).send();
      },
    );
  }

  app.post(
    "/api/groups/:id/members",
    {
      config: member,
      schema: {
        summary: "Add someone to a group",
        description:
          "The group's leaders and admins add a member of this church, whatever the join policy (invitation only included); a seat is taken as a join takes one (409 when full or already in). The member is told.",
        params: ZIdParams,
        body: ZAddGroupMemberBody,
        response: { 201: ZGroupMember, 409: ZApiError },
      },
    },
    async (req, reply) => reply.code(201).send(await addGroupMember(req.churchCtx, req.params.id, req.body.userId)),
  );

  app.get(
    "/api/groups/:id/members",
    {
      config: member,
      schema: {
        summary: "A group's members",
        description:
          "Its members, leaders and admins may look; each person with the contact fields they let the caller see.",
        params: ZIdParams,
        response: { 200: z.array(ZGroupMember) },
      },
    },
    async (req) => listGroupMembers(req.churchCtx, req.params.id),
  );
};
