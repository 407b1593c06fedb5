import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getUserBadges, getUserStats } from "./user.service";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/user/stats", { config: { access: "member" } }, async (req) => getUserStats(req.churchCtx));
  app.get("/api/user/badges", { config: { access: "member" } }, async (req) => getUserBadges(req.churchCtx));
};
