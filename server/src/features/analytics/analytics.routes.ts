import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getGrowthAnalytics } from "./analytics.service";

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/analytics/growth", { config: { access: "admin" } }, async (req) => getGrowthAnalytics(req.churchCtx));
};
