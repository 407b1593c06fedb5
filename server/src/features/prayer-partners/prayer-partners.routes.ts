import { ZApiError } from "@common/errors";
import { ZPartnerPrayerComplete, ZPrayerPartnerCurrent, ZPrayerPartnerHistoryEntry } from "@common/prayer";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MemberCache } from "../../lib/member-cache";
import { onWeekStart } from "../../lib/week-start";
import {
  completePartnerPrayer,
  getCurrentPartner,
  getPartnerHistory,
  makeWeekPrayerChain,
  type TCurrentKept,
} from "./prayer-partners.service";

/**
 * The weekly prayer-partner chain (spec 1 §2.12, §7). The page itself does not redirect a signed-out
 * visitor, but these calls answer 401 to one: nothing private is shown without a member.
 */
export const prayerPartnersRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };
  // Each week's chain is made, and its members told, when the week begins (the week-start job).
  onWeekStart(app, { name: "prayer-partners", run: makeWeekPrayerChain });
  // The member's link, days and weeks, kept between requests (see TCurrentKept).
  const kept = new MemberCache<TCurrentKept | null>(app.cacheBus, { churchTopics: ["church"] });

  // This week's partner (made on first need if the week-start job has not made it yet), or 200 with `partner: null` and the reason.
  app.get(
    "/api/prayer-partners/current",
    {
      config: member,
      schema: {
        summary: "This week's prayer partner",
        description: "Made on first need; `partner` is null with the reason when the caller has none.",
        response: { 200: ZPrayerPartnerCurrent },
      },
    },
    async (req) => getCurrentPartner(req.churchCtx, new Date(), kept),
  );

  app.get(
    "/api/prayer-partners/history",
    {
      config: member,
      schema: { summary: "The caller's past partners", response: { 200: z.array(ZPrayerPartnerHistoryEntry) } },
    },
    async (req) => getPartnerHistory(req.churchCtx),
  );

  // The body is empty (spec 1 §7) and ignored: nothing a client sends changes the award.
  app.post(
    "/api/prayer-partners/complete-daily",
    {
      config: member,
      schema: {
        summary: "I prayed for my partner today",
        description: "Pays once a day; any body is ignored. 409 without a partner this week.",
        response: { 200: ZPartnerPrayerComplete, 409: ZApiError },
      },
    },
    async (req) => completePartnerPrayer(req.churchCtx),
  );
};
