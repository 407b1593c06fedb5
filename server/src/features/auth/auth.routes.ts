import {
  ZAuthProviders,
  ZAuthUser,
  ZForgotPasswordBody,
  ZLoginBody,
  ZRegisterBody,
  ZResetPasswordBody,
  ZVerifyEmailBody,
} from "@common/auth";
import { EMAIL_VERIFICATION_RESENDS_PER_HOUR, SESSION_PROBE_HEADER } from "@common/auth-helpers";
import { ZApiError, ZMessage } from "@common/errors";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { unauthorized } from "../../lib/errors";
import { msg, translateText } from "../../lib/i18n";
import { endSession } from "../../lib/sessions";
import { clearSessionCookie, setSessionCookie } from "../../plugins/auth";
import { ZNoBody, ZRedirect } from "../../plugins/openapi-answers";
import { loginUser, registerUser, requestPasswordReset, resetPassword } from "./auth.service";
import { resendEmailVerification, verifyEmail } from "./email-verification.service";
import { redirectToProvider } from "./oidc.routes";

/** Registrations per address per hour: room for a church's sign-up evening behind one address. */
export const REGISTRATIONS_PER_HOUR = 300;

/**
 * Whether a GET /api/logout is the user's own doing: a top-level navigation typed by the user or
 * made from this site. Another site's link, image, frame or script (by the browser's Sec-Fetch-*
 * headers) must not sign anyone out. Clients that send no Sec-Fetch-Site are taken at their word.
 */
export function isOwnLogoutNavigation(req: FastifyRequest): boolean {
  const site = req.headers["sec-fetch-site"];
  if (site === undefined) return true;
  return (site === "same-origin" || site === "none") && req.headers["sec-fetch-dest"] === "document";
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailDeps = { mailer: app.mailer, baseUrl: app.config.publicUrl };
  /** The account just signed in to (always there: it was found or made a moment ago). */
  const getSignedInUser = async (userId: string) => {
    const user = await app.userCache.getUser(userId);
    if (!user) throw unauthorized();
    return user;
  };

  app.get(
    "/api/login",
    {
      config: { access: "public" },
      schema: {
        summary: "Go to sign-in",
        description: "Redirects to the sign-in page, or to the single sign-on provider when one is configured.",
        querystring: z.object({ invitation: z.string().max(200).optional() }),
        response: { 302: ZRedirect },
      },
    },
    async (req, reply) => {
      if (app.config.oidc) return redirectToProvider(app, req, reply, req.query.invitation);
      const q = req.query.invitation ? `?invitation=${encodeURIComponent(req.query.invitation)}` : "";
      return reply.redirect(`/login${q}`, 302);
    },
  );

  app.get(
    "/api/auth/providers",
    { config: { access: "public" }, schema: { summary: "Sign-in methods offered", response: { 200: ZAuthProviders } } },
    async () => ({
      password: true,
      oidc: app.config.oidc ? { name: app.config.oidc.name } : null,
    }),
  );

  app.post(
    "/api/auth/register",
    {
      schema: {
        summary: "Create an account",
        description:
          "Signs the new account in (session cookie). With an invitation token, joins that church with the invitation's role. 409 when the email is registered.",
        body: ZRegisterBody,
        response: { 201: ZAuthUser, 409: ZApiError },
      },
      config: { access: "public", rateLimit: { max: REGISTRATIONS_PER_HOUR, timeWindow: "1 hour" } },
    },
    async (req, reply) => {
      const { userId, token } = await registerUser(app.db, req.body, mailDeps);
      setSessionCookie(app, req, reply, token);
      return reply.code(201).send(await getSignedInUser(userId));
    },
  );

  app.post(
    "/api/auth/login",
    {
      config: { access: "public" },
      schema: {
        summary: "Sign in",
        description: "Sets the session cookie. Wrong credentials answer 401; repeated failures 429.",
        body: ZLoginBody,
        response: { 200: ZAuthUser, 401: ZApiError },
      },
    },
    async (req, reply) => {
      const { userId, token } = await loginUser(app.appCtx, req.body, req.ip);
      setSessionCookie(app, req, reply, token);
      return getSignedInUser(userId);
    },
  );

  // Kept for links and typed addresses (DESIGN.md); the app itself signs out with POST.
  app.get(
    "/api/logout",
    {
      config: { access: "public" },
      schema: {
        summary: "Sign out (a link)",
        description: "Ends the session and redirects to `/`; another site's link only redirects.",
        response: { 302: ZRedirect },
      },
    },
    async (req, reply) => {
      if (!isOwnLogoutNavigation(req)) return reply.redirect("/", 302);
      const sessionId = req.sessionId();
      if (sessionId) await endSession(app.appCtx, sessionId);
      clearSessionCookie(reply);
      return reply.redirect("/", 302);
    },
  );

  // Another site's POST is refused by the origin check before it gets here.
  app.post(
    "/api/logout",
    {
      config: { access: "public" },
      schema: { summary: "Sign out", description: "Ends this session.", response: { 204: ZNoBody } },
    },
    async (req, reply) => {
      const sessionId = req.sessionId();
      if (sessionId) await endSession(app.appCtx, sessionId);
      clearSessionCookie(reply);
      return reply.code(204).send();
    },
  );

  // Answers 401 itself when signed out; 204 to the web app's probe (SESSION_PROBE_HEADER), which asks
  // it to learn whether anyone is signed in, so a first visit logs no failed request (issue 30).
  app.get(
    "/api/auth/user",
    {
      config: { access: "public" },
      schema: {
        summary: "The signed-in user",
        description: `401 when signed out; 204 instead when the request carries \`${SESSION_PROBE_HEADER}: 1\` (the web app asks it to learn whether anyone is signed in).`,
        response: { 200: ZAuthUser, 204: ZNoBody, 401: ZApiError },
      },
    },
    async (req, reply) => {
      const user = await req.getUser();
      if (!user && req.headers[SESSION_PROBE_HEADER] === "1") return reply.code(204).send();
      if (!user) throw unauthorized();
      return user;
    },
  );

  app.post(
    "/api/auth/forgot-password",
    {
      schema: {
        summary: "Ask for a password reset link",
        description: "The same answer whether or not the email has an account.",
        body: ZForgotPasswordBody,
        response: { 202: ZMessage },
      },
      config: { access: "public", rateLimit: { max: 20, timeWindow: "1 hour" } },
    },
    async (req, reply) => {
      await requestPasswordReset(app.db, req.body.email, mailDeps);
      return reply.code(202).send({
        message: translateText(
          await req.getLanguage(),
          msg`If an account exists for that email, we sent a reset link.`,
        ),
      });
    },
  );

  app.post(
    "/api/auth/reset-password",
    {
      config: { access: "public" },
      schema: {
        summary: "Set a new password with a reset link",
        description: "Signs the account in; a used or expired link answers 400.",
        body: ZResetPasswordBody,
        response: { 200: ZAuthUser },
      },
    },
    async (req, reply) => {
      const { userId, token } = await resetPassword(app.appCtx, req.body);
      setSessionCookie(app, req, reply, token);
      return getSignedInUser(userId);
    },
  );

  app.post(
    "/api/auth/verify-email",
    {
      config: { access: "public" },
      schema: {
        summary: "Confirm an email address",
        description:
          "With the emailed link's token. A browser not signed in to the account also sets its password (and is signed in).",
        body: ZVerifyEmailBody,
        response: { 200: ZAuthUser },
      },
    },
    async (req, reply) => {
      const user = await req.getUser();
      const sessionId = req.sessionId();
      const current = user && sessionId ? { userId: user.id, sessionId } : null;
      const { userId, token } = await verifyEmail(app.appCtx, req.body, current);
      if (token) setSessionCookie(app, req, reply, token);
      return getSignedInUser(userId);
    },
  );

  app.post(
    "/api/auth/verify-email/resend",
    {
      schema: {
        summary: "Send the confirmation link again",
        description: "409 when the address is already confirmed.",
        response: { 202: ZMessage, 404: ZApiError, 409: ZApiError },
      },
      config: {
        access: "user",
        // Per account (per address when signed out, which answers 401 anyway).
        rateLimit: {
          max: EMAIL_VERIFICATION_RESENDS_PER_HOUR,
          timeWindow: "1 hour",
          keyGenerator: async (req) => {
            const user = await req.getUser();
            return user ? `user:${user.id}` : `ip:${req.ip}`;
          },
        },
      },
    },
    async (req, reply) => {
      const ctx = req.userCtx;
      await resendEmailVerification(ctx, mailDeps);
      return reply
        .code(202)
        .send({ message: translateText(await req.getLanguage(), msg`We sent a new link to ${ctx.email}.`) });
    },
  );
};
