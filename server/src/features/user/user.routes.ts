import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../plugins/auth";
import { getUserStats } from "./user.service";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/user/stats", { config: { access: "member" } }, async (req) => getUserStats(await requireMember(req)));
};
