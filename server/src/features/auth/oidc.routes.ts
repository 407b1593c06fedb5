import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, notFound } from "../../lib/errors";
import { setSessionCookie } from "../../plugins/auth";
import { completeAuthorization, createAuthorizationUrl } from "./oidc.service";

/** Sign-in through an OpenID Connect provider, when OIDC_ISSUER and OIDC_CLIENT_ID are set. */
export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const cfg = app.config.oidc;
  const callbackPath = "/api/callback";

  app.get(
    "/api/login/oidc",
    { schema: { querystring: z.object({ invitation: z.string().max(200).optional() }) } },
    async (req, reply) => {
      if (!cfg) throw notFound("Single sign-on is not configured");
      let url: string;
      try {
        url = await createAuthorizationUrl(app.db, cfg, `${app.baseUrl(req)}${callbackPath}`, req.query.invitation);
      } catch (err) {
        // The provider is down or misconfigured: a browser navigation gets the sign-in page, not JSON.
        req.log.error({ err }, "OpenID Connect discovery failed");
        const q = new URLSearchParams({ error: "The sign-in provider could not be reached. Please try again later." });
        if (req.query.invitation) q.set("invitation", req.query.invitation);
        return reply.redirect(`/login?${q}`, 302);
      }
      return reply.redirect(url, 302);
    },
  );

  app.get(callbackPath, async (req, reply) => {
    if (!cfg) throw notFound("Single sign-on is not configured");
    const current = new URL(req.url, app.baseUrl(req));
    try {
      const { userId, token } = await completeAuthorization(app.db, cfg, current);
      await app.userCache.invalidate("user", userId);
      setSessionCookie(app, req, reply, token);
      return reply.redirect("/", 302);
    } catch (err) {
      req.log.warn({ err }, "OpenID Connect sign-in failed");
      const message = err instanceof AppError ? err.message : "Sign-in failed. Please try again.";
      return reply.redirect(`/login?error=${encodeURIComponent(message)}`, 302);
    }
  });
};
