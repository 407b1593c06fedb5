import type { TSignInError } from "@common/auth";
import { ZApiError } from "@common/errors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors";
import { isSecureRequest, setSessionCookie } from "../../plugins/auth";
import { ZRedirect } from "../../plugins/openapi-answers";
import { completeAuthorization, createAuthorizationUrl, toSignInErrorCode } from "./oidc.service";

const CALLBACK_PATH = "/api/callback";
const STATE_COOKIE = "fellowship_oidc_state";

/** Sends the browser to the provider, remembering the sign-in's state in a short-lived cookie. */
export async function redirectToProvider(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  invitation?: string,
) {
  const cfg = app.config.oidc;
  if (!cfg) throw notFound("Single sign-on is not configured");
  try {
    const { url, state } = await createAuthorizationUrl(
      app.db,
      cfg,
      `${app.config.publicUrl}${CALLBACK_PATH}`,
      invitation,
    );
    reply.setCookie(STATE_COOKIE, state, {
      path: CALLBACK_PATH,
      httpOnly: true,
      sameSite: "lax",
      secure: isSecureRequest(app, req),
      maxAge: 600,
    });
    return reply.redirect(url, 302);
  } catch (err) {
    // The provider is down or misconfigured: a browser navigation gets the sign-in page, not JSON.
    req.log.error({ err }, "OpenID Connect discovery failed");
    const q = new URLSearchParams({ error: "provider_unreachable" satisfies TSignInError });
    if (invitation) q.set("invitation", invitation);
    return reply.redirect(`/login?${q}`, 302);
  }
}

/** Sign-in through an OpenID Connect provider, when OIDC_ISSUER and OIDC_CLIENT_ID are set. */
export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const cfg = app.config.oidc;
  const callbackPath = CALLBACK_PATH;

  app.get(
    "/api/login/oidc",
    {
      config: { access: "public" },
      schema: {
        summary: "Sign in with single sign-on",
        description: "Redirects to the OpenID Connect provider; 404 when none is configured.",
        querystring: z.object({ invitation: z.string().max(200).optional() }),
        response: { 302: ZRedirect, 404: ZApiError },
      },
    },
    async (req, reply) => redirectToProvider(app, req, reply, req.query.invitation),
  );

  app.get(
    callbackPath,
    {
      config: { access: "public" },
      schema: {
        summary: "Single sign-on callback",
        description:
          "Where the provider sends the browser back: signs in and redirects to `/`, or to `/login?error=...`. 404 when no provider is configured.",
        response: { 302: ZRedirect, 404: ZApiError },
      },
    },
    async (req, reply) => {
      if (!cfg) throw notFound("Single sign-on is not configured");
      const current = new URL(req.url, app.config.publicUrl);
      try {
        const { token } = await completeAuthorization(app.appCtx, cfg, current, req.cookies[STATE_COOKIE]);
        reply.clearCookie(STATE_COOKIE, { path: CALLBACK_PATH });
        setSessionCookie(app, req, reply, token);
        return reply.redirect("/", 302);
      } catch (err) {
        req.log.warn({ err }, "OpenID Connect sign-in failed");
        return reply.redirect(`/login?error=${toSignInErrorCode(err)}`, 302);
      }
    },
  );
};
