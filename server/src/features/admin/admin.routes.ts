import { RECENT_ACTIVITY_COUNT } from "@common/admin-helpers";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { findRecentActivity } from "./activity.repo";
import { getAdminStats } from "./admin.service";

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: "admin" as const };
  app.get("/api/admin/stats", { config }, async (req) => getAdminStats(req.churchCtx));
  app.get("/api/admin/recent-activity", { config }, async (req) =>
    findRecentActivity(req.churchCtx, RECENT_ACTIVITY_COUNT * 4),
  );
};
