import type { TUserStats } from "@common/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../plugins/auth";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // Points live on the user row (the ledger of awards arrives with the first feature that pays them).
  app.get("/api/user/stats", { config: { access: "member" } }, async (req): Promise<TUserStats> => {
    await requireMember(req);
    const user = await req.getUser();
    return { points: user?.points ?? 0, sermonsWatched: 0, eventsAttended: 0, streaks: {} };
  });
};
