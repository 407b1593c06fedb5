import { ZGrowthAnalytics } from "@common/analytics";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getGrowthAnalytics } from "./analytics.service";

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/analytics/growth",
    {
      config: { access: "admin" },
      schema: {
        summary: "Growth analytics",
        description: "This week and the last 12.",
        response: { 200: ZGrowthAnalytics },
      },
    },
    async (req) => getGrowthAnalytics(req.churchCtx),
  );
};
