import { DEFAULT_BRAND_COLOR } from "@common/brand";
import { ZCreateInvitationBody } from "@common/invitations";
import { getMemberDisplayName } from "@common/member-helpers";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZIdParams, ZTokenParams } from "../../lib/params";
import {
  acceptInvitation,
  createInvitation,
  deleteInvitation,
  getPublicInvitation,
  listInvitations,
  resendInvitation,
  type TInvitationDeps,
} from "./invitations.service";

export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: "admin" as const };

  async function sendingDeps(req: FastifyRequest): Promise<TInvitationDeps> {
    const user = await req.getUser();
    return {
      mailer: app.mailer,
      secrets: app.secrets,
      baseUrl: app.config.publicUrl,
      emailsPerDay: app.config.invitationEmailsPerDay,
      churchName: user?.church?.name ?? "your church",
      brandColor: user?.church?.brandColor ?? DEFAULT_BRAND_COLOR,
      inviterName: user ? getMemberDisplayName(user) : "Your church",
    };
  }

  app.get("/api/invitations", { config }, async (req) => listInvitations(req.churchCtx, app.secrets));

  app.post("/api/invitations", { config, schema: { body: ZCreateInvitationBody } }, async (req, reply) => {
    const invitation = await createInvitation(req.churchCtx, req.body, await sendingDeps(req));
    return reply.code(201).send(invitation);
  });

  app.post("/api/invitations/:id/resend", { config, schema: { params: ZIdParams } }, async (req) =>
    resendInvitation(req.churchCtx, req.params.id, await sendingDeps(req)),
  );

  app.delete("/api/invitations/:id", { config, schema: { params: ZIdParams } }, async (req, reply) => {
    await deleteInvitation(req.churchCtx, req.params.id);
    return reply.code(204).send();
  });

  app.get("/api/invite/:token", { config: { access: "public" }, schema: { params: ZTokenParams } }, async (req) =>
    getPublicInvitation(app.db, req.params.token),
  );

  app.post(
    "/api/invite/:token/accept",
    { config: { access: "user" }, schema: { params: ZTokenParams } },
    async (req) => {
      const { churchId } = await acceptInvitation(req.userCtx, req.params.token, req.sessionId());
      return { churchId, user: await app.userCache.getUser(req.userCtx.userId) };
    },
  );
};
