import { ZApiError } from "@common/errors";
import { MEMBERS_PAGE_LIMIT, MEMBERS_PAGE_MAX, ZMember, ZMembersQuery, ZUpdateMemberRoleBody } from "@common/members";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { linkNextPage } from "../../lib/list-page";
import { ZIdParams } from "../../lib/params";
import { preSerialized, ZNoBody } from "../../plugins/openapi-answers";
import { listMembersPageJson, removeMember, updateMemberRole } from "./members.service";
import { linkOfKeptPage, MembersFirstPageCache } from "./members-first-page-cache";

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: "admin" as const };
  const firstPage = new MembersFirstPageCache(app.db, app.cacheBus);

  app.get(
    "/api/admin/members",
    {
      config,
      schema: {
        summary: "The church's members",
        description: `Oldest first, a page at a time: \`limit\` (default ${MEMBERS_PAGE_LIMIT}, at most ${MEMBERS_PAGE_MAX}); when more follow, \`Link: <...>; rel="next"\` gives the next page's URL (its \`after\` cursor).`,
        querystring: ZMembersQuery,
        response: { 200: z.array(ZMember) },
      },
    },
    async (req, reply) => {
      const page = await listMembersPageJson(req.churchCtx, req.query, firstPage);
      reply.type("application/json; charset=utf-8");
      if ("items" in page) {
        linkNextPage(req, reply, page.next);
        return reply.send(preSerialized(page.items));
      }
      const link = linkOfKeptPage(page.kept, req);
      if (link) reply.header("link", link);
      // The kept page's bytes, serialised once for every admin of the church (as preSerialized).
      return reply.send(page.kept.json as never);
    },
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
