import { ZApiError } from "@common/errors";
import { ZInvitation } from "@common/invitations";
import {
  ZInvitationRequest,
  ZInvitationRequestBody,
  ZInvitationRequestSent,
  ZPublicChurchPage,
} from "@common/public-church";
import { INVITATION_REQUESTS_PER_ADDRESS_PER_HOUR } from "@common/public-church-helpers";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { addressGroup } from "../../lib/address-group";
import { ZIdParams } from "../../lib/params";
import { ZNoBody } from "../../plugins/openapi-answers";
import { getInvitationSendingDeps } from "../invitations/invitations.routes";
import { dismissInvitationRequest, inviteFromRequest, listInvitationRequests } from "./invitation-requests.service";
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
    async (req, reply) => reply.code(202).send(await createInvitationRequest(app.db, req.params.slug, req.body)),
  );

  app.get(
    "/api/admin/invitation-requests",
    {
      config: { access: "admin" },
      schema: { summary: "Requests to join from the public page", response: { 200: z.array(ZInvitationRequest) } },
    },
    async (req) => listInvitationRequests(req.churchCtx),
  );

  app.post(
    "/api/admin/invitation-requests/:id/invite",
    {
      config: { access: "admin" },
      schema: {
        summary: "Invite the person who asked",
        description:
          "Makes a normal invitation as Church Member (the same limits as Invite someone). 409 when already handled, or the address is a member or has a pending invitation.",
        params: ZIdParams,
        response: { 201: ZInvitation, 404: ZApiError, 409: ZApiError },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await inviteFromRequest(req.churchCtx, req.params.id, await getInvitationSendingDeps(app, req))),
  );

  app.post(
    "/api/admin/invitation-requests/:id/dismiss",
    {
      config: { access: "admin" },
      schema: {
        summary: "Dismiss a request to join",
        params: ZIdParams,
        response: { 204: ZNoBody, 404: ZApiError, 409: ZApiError },
      },
    },
    async (req, reply) => {
      await dismissInvitationRequest(req.churchCtx, req.params.id);
      return reply.code(204).send();
    },
  );
};
