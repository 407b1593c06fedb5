import { ZEmailOpenQuery } from "@common/notifications";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZIdParams } from "../../lib/params";
import { ZNoBody, ZRedirect } from "../../plugins/openapi-answers";
import { markOpenedFromPush, recordEmailOpen } from "./notification-opens";

/**
 * Issue 29: how the app learns a notification was seen elsewhere than in its list:
 * `POST /api/notifications/{id}/opened` (the service worker, on a push's click) and
 * `GET /api/notifications/{id}/email-open?s=` (an e-mail's button; no session, signed).
 */
export const notificationEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/notifications/:id/opened",
    {
      config: { access: "member" },
      schema: {
        summary: "Opened from a push",
        description: "Marks the caller's notification read and opened from a push (its fallback e-mail will not go).",
        params: ZIdParams,
        response: { 204: ZNoBody },
      },
    },
    async (req, reply) => {
      await markOpenedFromPush(req.churchCtx, req.params.id, new Date());
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/notifications/:id/email-open",
    {
      config: { access: "public" },
      schema: {
        summary: "Follow a notification e-mail's button",
        description:
          "No session: the signature `s` names the notification. Records when its e-mail was opened and redirects (303) to its page in the app; 404 when the signature does not match.",
        params: ZIdParams,
        querystring: ZEmailOpenQuery,
        response: { 303: ZRedirect },
      },
    },
    async (req, reply) => {
      const link = await recordEmailOpen(app.db, app.secrets, req.params.id, req.query.s, new Date());
      return reply.redirect(`${app.config.publicUrl}${link}`, 303);
    },
  );
};
