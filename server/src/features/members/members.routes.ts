import { ZUpdateMemberRoleBody } from "@common/members";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZIdParams } from "../../lib/params";
import { listMembersJson, removeMember, updateMemberRole } from "./members.service";

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: "admin" as const };

  app.get("/api/admin/members", { config }, async (req, reply) =>
    reply.type("application/json; charset=utf-8").send(await listMembersJson(req.churchCtx)),
  );

  app.patch(
    "/api/admin/members/:id",
    { config, schema: { params: ZIdParams, body: ZUpdateMemberRoleBody } },
    async (req) => updateMemberRole(req.churchCtx, req.params.id, req.body),
  );

  app.delete("/api/admin/members/:id", { config, schema: { params: ZIdParams } }, async (req, reply) => {
    await removeMember(req.churchCtx, req.params.id);
    return reply.code(204).send();
  });
};
