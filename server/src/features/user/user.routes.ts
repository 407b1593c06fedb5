import type { TUserStats } from "@common/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MemberCache } from "../../lib/member-cache";
import { getUserBadges, getUserStats } from "./user.service";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // Read on every visit; kept per member until their next award, badge or check-in, or the next day.
  const stats = new MemberCache<TUserStats>(app.cacheBus, { churchTopics: ["church"] });
  app.get("/api/user/stats", { config: { access: "member" } }, async (req) =>
    stats.get(req.churchCtx, () => getUserStats(req.churchCtx)),
  );
  app.get("/api/user/badges", { config: { access: "member" } }, async (req) => getUserBadges(req.churchCtx));
};
