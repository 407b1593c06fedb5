import { DEFAULT_BRAND_COLOR } from "@common/brand";
import { ZApiError } from "@common/errors";
import {
  INVITATIONS_PAGE_LIMIT,
  INVITATIONS_PAGE_MAX,
  ZAcceptInvitationResult,
  ZCreateInvitationBody,
  ZInvitation,
  ZInvitationsQuery,
  ZPublicInvitation,
} from "@common/invitations";
import { getMemberDisplayName } from "@common/member-helpers";
import { ZSendWaitingResult } from "@common/member-import";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { unauthorized } from "../../lib/errors";
import { linkNextPage } from "../../lib/list-page";
import { ZIdParams, ZTokenParams } from "../../lib/params";
import { ZNoBody } from "../../plugins/openapi-answers";
import {
  acceptInvitation,
  createInvitation,
  deleteInvitation,
  getPublicInvitation,
  listInvitationsPage,
  resendInvitation,
  sendAllWaitingInvitations,
  sendWaitingInvitation,
  type TInvitationDeps,
} from "./invitations.service";

/** What sending invitations needs for this request: the app's mailer, keys, limits and the church's look. */
export async function getInvitationSendingDeps(app: FastifyInstance, req: FastifyRequest): Promise<TInvitationDeps> {
  const user = await req.getUser();
  return {
    mailer: app.mailer,
    secrets: app.secrets,
    baseUrl: app.config.publicUrl,
    emailsPerDay: app.config.invitationEmailsPerDay,
    emailsPerDayTotal: app.config.invitationEmailsPerDayTotal,
    churchName: user?.church?.name ?? "your church",
    brandColor: user?.church?.brandColor ?? DEFAULT_BRAND_COLOR,
    logoUrl: user?.church?.logoUrl ?? null,
    inviterName: user ? getMemberDisplayName(user) : "Your church",
  };
}

export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: "admin" as const };

  const sendingDeps = (req: FastifyRequest) => getInvitationSendingDeps(app, req);

  app.get(
    "/api/invitations",
    {
      config,
      schema: {
        summary: "The church's invitations",
        description: `Newest first, a page at a time: \`limit\` (default ${INVITATIONS_PAGE_LIMIT}, at most ${INVITATIONS_PAGE_MAX}); when more follow, \`Link: <...>; rel="next"\` gives the next page's URL (its \`after\` cursor).`,
        querystring: ZInvitationsQuery,
        response: { 200: z.array(ZInvitation) },
      },
    },
    async (req, reply) => {
      const page = await listInvitationsPage(req.churchCtx, app.secrets, req.query);
      linkNextPage(req, reply, page.next);
      return page.items;
    },
  );

  app.post(
    "/api/invitations",
    {
      config,
      schema: {
        summary: "Invite someone",
        description:
          "Emails the invitation link. While the admin's own address is unconfirmed, a church sends at most 20 invitation emails: past them the invitation is made but waits for review (`sentAt` null) and `notice` says why. 409 when the address is a member or has a pending invitation; 429 over the daily sending limits (the recipient's, the church's, the server's).",
        body: ZCreateInvitationBody,
        response: { 201: ZInvitation, 409: ZApiError },
      },
    },
    async (req, reply) => {
      const invitation = await createInvitation(req.churchCtx, req.body, await sendingDeps(req));
      return reply.code(201).send(invitation);
    },
  );

  app.post(
    "/api/invitations/:id/resend",
    {
      config,
      schema: {
        summary: "Send an invitation again",
        description:
          "Only a pending invitation (409 otherwise); 403 while the admin's own address is unconfirmed and the church has sent its 20; 429 over the daily sending limits.",
        params: ZIdParams,
        response: { 200: ZInvitation, 409: ZApiError },
      },
    },
    async (req) => resendInvitation(req.churchCtx, req.params.id, await sendingDeps(req)),
  );

  // An invitation waiting for review (an import's or a sync's) is e-mailed only when the admin says so.
  app.post(
    "/api/admin/invitations/:id/send",
    {
      config,
      schema: {
        summary: "Send an invitation waiting for review",
        description:
          "Invitations from an import or a sync wait until an admin sends them; 409 when already sent; 403 while the admin's own address is unconfirmed and the church has sent its 20; 429 over the daily sending limits.",
        params: ZIdParams,
        response: { 200: ZInvitation, 409: ZApiError },
      },
    },
    async (req) => sendWaitingInvitation(req.churchCtx, req.params.id, await sendingDeps(req)),
  );

  app.post(
    "/api/admin/invitations/send-waiting",
    {
      config,
      schema: {
        summary: "Send every invitation waiting for review",
        description:
          "As far as the daily sending limits (and an unconfirmed admin's 20) allow; the rest keep waiting and `notice` says why.",
        response: { 200: ZSendWaitingResult },
      },
    },
    async (req) => sendAllWaitingInvitations(req.churchCtx, await sendingDeps(req)),
  );

  app.delete(
    "/api/invitations/:id",
    { config, schema: { summary: "Delete an invitation", params: ZIdParams, response: { 204: ZNoBody } } },
    async (req, reply) => {
      await deleteInvitation(req.churchCtx, req.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/invite/:token",
    {
      config: { access: "public" },
      schema: {
        summary: "An invitation, by its link",
        description: "For the invitation page; 404 when invalid, used or expired.",
        params: ZTokenParams,
        response: { 200: ZPublicInvitation },
      },
    },
    async (req) => getPublicInvitation(app.db, req.params.token),
  );

  app.post(
    "/api/invite/:token/accept",
    {
      config: { access: "user" },
      schema: {
        summary: "Accept an invitation",
        description:
          "The signed-in user joins the church with the invitation's role. 403 when it was sent to another email; 409 when they already belong to a church.",
        params: ZTokenParams,
        response: { 200: ZAcceptInvitationResult, 403: ZApiError, 409: ZApiError },
      },
    },
    async (req) => {
      const { churchId } = await acceptInvitation(req.userCtx, req.params.token, req.sessionId());
      const user = await app.userCache.getUser(req.userCtx.userId);
      if (!user) throw unauthorized();
      return { churchId, user };
    },
  );
};
