import { ZTourBody, ZToursDone, ZUserBadge, ZUserStats } from "@common/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { getEarnedBadges, type TEarnedBadge } from "../../lib/badges";
import { MemberCache, sendMemberJson } from "../../lib/member-cache";
import { updateTourDone } from "./tours.service";
import { getUserStats, toUserBadges } from "./user.service";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // Read on every visit; kept per member, as the JSON sent, until their next award, badge or check-in, or the next day.
  const stats = new MemberCache<string>(app.cacheBus, { churchTopics: ["church"] });
  app.get(
    "/api/user/stats",
    {
      config: { access: "member" },
      schema: { summary: "The caller's figures", response: { 200: ZUserStats } },
    },
    async (req, reply) => {
      await sendMemberJson(reply, stats, req.churchCtx, () => getUserStats(req.churchCtx));
    },
  );
  // The dashboard's and profile's badges: kept per member until their next badge (grantBadge
  // announces it on the member's "user" topic), in their language per request.
  const badges = new MemberCache<TEarnedBadge[]>(app.cacheBus, { churchTopics: ["church"] });
  app.get(
    "/api/user/badges",
    {
      config: { access: "member" },
      schema: { summary: "The caller's badges", response: { 200: z.array(ZUserBadge) } },
    },
    async (req) =>
      toUserBadges(await badges.get(req.churchCtx, () => getEarnedBadges(req.churchCtx)), await req.getLanguage()),
  );
  app.put(
    "/api/user/tour",
    {
      config: { access: "user" },
      schema: {
        summary: "Mark a tour finished",
        description:
          "Keeps which tours and welcomes the caller finished (`welcome`, `admin-welcome`) on the server, so another device does not show them again. `GET /api/auth/user` carries them as `toursDone`.",
        body: ZTourBody,
        response: { 200: ZToursDone },
      },
    },
    async (req) => updateTourDone(req.userCtx, req.body),
  );
};
