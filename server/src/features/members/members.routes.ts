import { ZUpdateMemberRoleBody } from "@common/members";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZIdParams } from "../../lib/params";
import { requireAdmin } from "../../plugins/auth";
import { listMembersJson, removeMember, updateMemberRole } from "./members.service";

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: "admin" as const };

  app.get("/api/admin/members", { config }, async (req, reply) =>
    reply.type("application/json; charset=utf-8").send(await listMembersJson(await requireAdmin(req))),
  );

  app.patch(
    "/api/admin/members/:id",
    { config, schema: { params: ZIdParams, body: ZUpdateMemberRoleBody } },
    async (req) => {
      const member = await updateMemberRole(await requireAdmin(req), req.params.id, req.body);
      await app.userCache.invalidate("user", member.id);
      return member;
    },
  );

  app.delete("/api/admin/members/:id", { config, schema: { params: ZIdParams } }, async (req, reply) => {
    await removeMember(await requireAdmin(req), req.params.id);
    await app.userCache.invalidate("user", req.params.id);
    return reply.code(204).send();
  });
};
