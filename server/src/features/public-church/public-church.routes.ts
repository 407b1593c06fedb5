import { ZApiError } from "@common/errors";
import { ZInvitationRequestBody, ZInvitationRequestSent, ZPublicChurchPage } from "@common/public-church";
import { INVITATION_REQUESTS_PER_ADDRESS_PER_HOUR } from "@common/public-church-helpers";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { addressGroup } from "../../lib/address-group";
import { translateText } from "../../lib/i18n";
import { createInvitationRequest, getPublicChurchPage } from "./public-church.service";

// Any text of the right shape; an unknown or unpublished slug is the same 404.
const ZSlugParams = z.object({ slug: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "Not a church address") });

export const publicChurchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/public/churches/:slug",
    {
      config: { access: "public" },
      schema: {
        summary: "A church's public page",
        description:
          "What /c/{slug} shows to anyone: the church's name, look and contact details, its latest sermons and upcoming events. 404 when the church has not published its page.",
        params: ZSlugParams,
        response: { 200: ZPublicChurchPage, 404: ZApiError },
      },
    },
    async (req) => getPublicChurchPage(app.db, req.params.slug),
  );

  app.post(
    "/api/public/churches/:slug/invitation-requests",
    {
      config: {
        access: "public",
        // Per network address (an IPv6 /64 as one); the service limits each e-mail address besides.
        rateLimit: {
          max: INVITATION_REQUESTS_PER_ADDRESS_PER_HOUR,
          timeWindow: "1 hour",
          keyGenerator: (req) => `invitation-request:${addressGroup(req.ip)}`,
        },
      },
      schema: {
        summary: "Ask a church for an invitation",
        description:
          "No account needed. The church's admins see the request on their Invitations page. 429 past 5 requests an hour from one address or 3 a day for one email; 404 when the page is not published.",
        params: ZSlugParams,
        body: ZInvitationRequestBody,
        response: { 202: ZInvitationRequestSent, 404: ZApiError, 429: ZApiError },
      },
    },
    async (req, reply) => {
      const { message } = await createInvitationRequest(app.db, req.params.slug, req.body);
      return reply.code(202).send({ message: translateText(await req.getLanguage(), message) });
    },
  );
};
