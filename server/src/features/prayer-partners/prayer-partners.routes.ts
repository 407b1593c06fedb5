import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MemberCache } from "../../lib/member-cache";
import {
  completePartnerPrayer,
  getCurrentPartner,
  getPartnerHistory,
  type TCurrentKept,
} from "./prayer-partners.service";

/**
 * The weekly prayer-partner chain (spec 1 §2.12, §7). The page itself does not redirect a signed-out
 * visitor, but these calls answer 401 to one: nothing private is shown without a member.
 */
export const prayerPartnersRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };
  // The member's link, days and weeks, kept between requests (see TCurrentKept).
  const kept = new MemberCache<TCurrentKept | null>(app.cacheBus, { churchTopics: ["church"] });

  // This week's partner (made on first need), or 200 with `partner: null` and the reason.
  app.get("/api/prayer-partners/current", { config: member }, async (req) =>
    getCurrentPartner(req.churchCtx, new Date(), kept),
  );

  app.get("/api/prayer-partners/history", { config: member }, async (req) => getPartnerHistory(req.churchCtx));

  // The body is empty (spec 1 §7) and ignored: nothing a client sends changes the award.
  app.post("/api/prayer-partners/complete-daily", { config: member }, async (req) =>
    completePartnerPrayer(req.churchCtx),
  );
};
