import { DEFAULT_BRAND_COLOR } from "@common/brand";
import { ZCreateInvitationBody } from "@common/invitations";
import { getMemberDisplayName } from "@common/member-helpers";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZIdParams, ZTokenParams } from "../../lib/params";
import {
  acceptInvitation,
  createInvitation,
  deleteInvitation,
  getPublicInvitation,
  listInvitations,
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
    churchName: user?.church?.name ?? "your church",
    brandColor: user?.church?.brandColor ?? DEFAULT_BRAND_COLOR,
    inviterName: user ? getMemberDisplayName(user) : "Your church",
  };
}

export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: "admin" as const };

  const sendingDeps = (req: FastifyRequest) => getInvitationSendingDeps(app, req);

  app.get("/api/invitations", { config }, async (req) => listInvitations(req.churchCtx, app.secrets));

  app.post("/api/invitations", { config, schema: { body: ZCreateInvitationBody } }, async (req, reply) => {
    const invitation = await createInvitation(req.churchCtx, req.body, await sendingDeps(req));
    return reply.code(201).send(invitation);
  });

  app.post("/api/invitations/:id/resend", { config, schema: { params: ZIdParams } }, async (req) =>
    resendInvitation(req.churchCtx, req.params.id, await sendingDeps(req)),
  );

  // An invitation waiting for review (an import's or a sync's) is e-mailed only when the admin says so.
  app.post("/api/admin/invitations/:id/send", { config, schema: { params: ZIdParams } }, async (req) =>
    sendWaitingInvitation(req.churchCtx, req.params.id, await sendingDeps(req)),
  );

  app.post("/api/admin/invitations/send-waiting", { config }, async (req) =>
    sendAllWaitingInvitations(req.churchCtx, await sendingDeps(req)),
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
