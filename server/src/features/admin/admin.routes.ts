import { ZActivity, ZAdminStats } from "@common/admin";
import { RECENT_ACTIVITY_COUNT } from "@common/admin-helpers";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { findRecentActivity } from "./activity.repo";
import { getAdminStats } from "./admin.service";

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: "admin" as const };
  app.get(
    "/api/admin/stats",
    { config, schema: { summary: "The dashboard's figures", response: { 200: ZAdminStats } } },
    async (req) => getAdminStats(req.churchCtx),
  );
  app.get(
    "/api/admin/recent-activity",
    { config, schema: { summary: "Recent activity in the church", response: { 200: z.array(ZActivity) } } },
    async (req) => findRecentActivity(req.churchCtx, await req.getLanguage(), RECENT_ACTIVITY_COUNT * 4),
  );
};
