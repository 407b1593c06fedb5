import { ZApiError } from "@common/errors";
import { ZInvitation } from "@common/invitations";
import { ZInvitationRequest } from "@common/public-church";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParams } from "../../lib/params";
import { ZNoBody } from "../../plugins/openapi-answers";
import { dismissInvitationRequest, inviteFromRequest, listInvitationRequests } from "./invitation-requests.service";
import { getInvitationSendingDeps } from "./invitations.routes";

/**
 * The admins' side of the public page's "Ask for an invitation" (the request itself is made in
 * features/public-church): answering one is sending an invitation, so it lives with invitations.
 */
export const invitationRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
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
