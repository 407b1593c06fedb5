import { ZForgotPasswordBody, ZLoginBody, ZRegisterBody, ZResetPasswordBody, ZVerifyEmailBody } from "@common/auth";
import { EMAIL_VERIFICATION_RESENDS_PER_HOUR } from "@common/auth-helpers";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { unauthorized } from "../../lib/errors";
import { clearSessionCookie, setSessionCookie } from "../../plugins/auth";
import { loginUser, registerUser, requestPasswordReset, resetPassword } from "./auth.service";
import { resendEmailVerification, verifyEmail } from "./email-verification.service";
import { redirectToProvider } from "./oidc.routes";
import { endSession } from "./sessions.repo";

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

  app.get(
    "/api/login",
    { config: { access: "public" }, schema: { querystring: z.object({ invitation: z.string().max(200).optional() }) } },
    async (req, reply) => {
      if (app.config.oidc) return redirectToProvider(app, req, reply, req.query.invitation);
      const q = req.query.invitation ? `?invitation=${encodeURIComponent(req.query.invitation)}` : "";
      return reply.redirect(`/login${q}`, 302);
    },
  );

  app.get("/api/auth/providers", { config: { access: "public" } }, async () => ({
    password: true,
    oidc: app.config.oidc ? { name: app.config.oidc.name } : null,
  }));

  app.post(
    "/api/auth/register",
    {
      schema: { body: ZRegisterBody },
      config: { access: "public", rateLimit: { max: REGISTRATIONS_PER_HOUR, timeWindow: "1 hour" } },
    },
    async (req, reply) => {
      const { userId, token } = await registerUser(app.db, req.body, mailDeps);
      setSessionCookie(app, req, reply, token);
      return reply.code(201).send(await app.userCache.getUser(userId));
    },
  );

  app.post("/api/auth/login", { config: { access: "public" }, schema: { body: ZLoginBody } }, async (req, reply) => {
    const { userId, token } = await loginUser(app.appCtx, req.body, req.ip);
    setSessionCookie(app, req, reply, token);
    return app.userCache.getUser(userId);
  });

  // Kept for links and typed addresses (DESIGN.md); the app itself signs out with POST.
  app.get("/api/logout", { config: { access: "public" } }, async (req, reply) => {
    if (!isOwnLogoutNavigation(req)) return reply.redirect("/", 302);
    const sessionId = req.sessionId();
    if (sessionId) await endSession(app.appCtx, sessionId);
    clearSessionCookie(reply);
    return reply.redirect("/", 302);
  });

  // Another site's POST is refused by the origin check before it gets here.
  app.post("/api/logout", { config: { access: "public" } }, async (req, reply) => {
    const sessionId = req.sessionId();
    if (sessionId) await endSession(app.appCtx, sessionId);
    clearSessionCookie(reply);
    return reply.code(204).send();
  });

  // Answers 401 itself when signed out (the client asks it to learn whether anyone is signed in).
  app.get("/api/auth/user", { config: { access: "public" } }, async (req) => {
    const user = await req.getUser();
    if (!user) throw unauthorized();
    return user;
  });

  app.post(
    "/api/auth/forgot-password",
    {
      schema: { body: ZForgotPasswordBody },
      config: { access: "public", rateLimit: { max: 20, timeWindow: "1 hour" } },
    },
    async (req, reply) => {
      await requestPasswordReset(app.db, req.body.email, mailDeps);
      return reply.code(202).send({ message: "If an account exists for that e-mail, we sent a reset link." });
    },
  );

  app.post(
    "/api/auth/reset-password",
    { config: { access: "public" }, schema: { body: ZResetPasswordBody } },
    async (req, reply) => {
      const { userId, token } = await resetPassword(app.appCtx, req.body);
      setSessionCookie(app, req, reply, token);
      return app.userCache.getUser(userId);
    },
  );

  app.post(
    "/api/auth/verify-email",
    { config: { access: "public" }, schema: { body: ZVerifyEmailBody } },
    async (req, reply) => {
      const user = await req.getUser();
      const sessionId = req.sessionId();
      const current = user && sessionId ? { userId: user.id, sessionId } : null;
      const { userId, token } = await verifyEmail(app.appCtx, req.body, current);
      if (token) setSessionCookie(app, req, reply, token);
      return app.userCache.getUser(userId);
    },
  );

  app.post(
    "/api/auth/verify-email/resend",
    {
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
      return reply.code(202).send({ message: `We sent a new link to ${ctx.email}.` });
    },
  );
};
