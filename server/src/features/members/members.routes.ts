import { ZApiError } from "@common/errors";
import { ZMember, ZUpdateMemberRoleBody } from "@common/members";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParams } from "../../lib/params";
import { preSerialized, ZNoBody } from "../../plugins/openapi-answers";
import { listMembersJson, removeMember, updateMemberRole } from "./members.service";

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: "admin" as const };

  app.get(
    "/api/admin/members",
    { config, schema: { summary: "The church's members", response: { 200: z.array(ZMember) } } },
    async (req, reply) =>
      reply.type("application/json; charset=utf-8").send(preSerialized(await listMembersJson(req.churchCtx))),
  );

  app.patch(
    "/api/admin/members/:id",
    {
      config,
      schema: {
        summary: "Change a member's role",
        description: "Only a super admin changes a super admin (403); the last admin stays one (409).",
        params: ZIdParams,
        body: ZUpdateMemberRoleBody,
        response: { 200: ZMember, 409: ZApiError },
      },
    },
    async (req) => updateMemberRole(req.churchCtx, req.params.id, req.body),
  );

  app.delete(
    "/api/admin/members/:id",
    {
      config,
      schema: {
        summary: "Remove a member from the church",
        description: "Their account stays, without a church; the last admin cannot be removed (409).",
        params: ZIdParams,
        response: { 204: ZNoBody, 409: ZApiError },
      },
    },
    async (req, reply) => {
      await removeMember(req.churchCtx, req.params.id);
      return reply.code(204).send();
    },
  );
};
