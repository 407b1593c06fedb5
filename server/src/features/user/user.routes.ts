import { type TUserStats, ZUserBadge, ZUserStats } from "@common/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MemberCache } from "../../lib/member-cache";
import { getUserBadges, getUserStats } from "./user.service";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // Read on every visit; kept per member until their next award, badge or check-in, or the next day.
  const stats = new MemberCache<TUserStats>(app.cacheBus, { churchTopics: ["church"] });
  app.get(
    "/api/user/stats",
    {
      config: { access: "member" },
      schema: { summary: "The caller's figures", response: { 200: ZUserStats } },
    },
    async (req) => stats.get(req.churchCtx, () => getUserStats(req.churchCtx)),
  );
  app.get(
    "/api/user/badges",
    {
      config: { access: "member" },
      schema: { summary: "The caller's badges", response: { 200: z.array(ZUserBadge) } },
    },
    async (req) => getUserBadges(req.churchCtx),
  );
};
