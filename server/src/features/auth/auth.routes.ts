import { ZForgotPasswordBody, ZLoginBody, ZRegisterBody, ZResetPasswordBody } from "@common/auth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { unauthorized } from "../../lib/errors";
import { clearSessionCookie, setSessionCookie } from "../../plugins/auth";
import { loginUser, registerUser, requestPasswordReset, resetPassword } from "./auth.service";
import { redirectToProvider } from "./oidc.routes";
import { deleteSession } from "./sessions.repo";

/** Registrations per address per hour: room for a church's sign-up evening behind one address. */
export const REGISTRATIONS_PER_HOUR = 300;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/login",
    { schema: { querystring: z.object({ invitation: z.string().max(200).optional() }) } },
    async (req, reply) => {
      if (app.config.oidc) return redirectToProvider(app, req, reply, req.query.invitation);
      const q = req.query.invitation ? `?invitation=${encodeURIComponent(req.query.invitation)}` : "";
      return reply.redirect(`/login${q}`, 302);
    },
  );

  app.get("/api/auth/providers", async () => ({
    password: true,
    oidc: app.config.oidc ? { name: app.config.oidc.name } : null,
  }));

  app.post(
    "/api/auth/register",
    {
      schema: { body: ZRegisterBody },
      config: { rateLimit: { max: REGISTRATIONS_PER_HOUR, timeWindow: "1 hour" } },
    },
    async (req, reply) => {
      const { userId, token } = await registerUser(app.db, req.body);
      setSessionCookie(app, req, reply, token);
      return reply.code(201).send(await app.userCache.getUser(userId));
    },
  );

  app.post("/api/auth/login", { schema: { body: ZLoginBody } }, async (req, reply) => {
    const { userId, token } = await loginUser(app.db, req.body, req.ip);
    await app.userCache.invalidate("user", userId);
    setSessionCookie(app, req, reply, token);
    return app.userCache.getUser(userId);
  });

  app.get("/api/logout", async (req, reply) => {
    const id = req.sessionId();
    if (id) {
      await deleteSession(app.db, id);
      await app.userCache.invalidate("session", id);
    }
    clearSessionCookie(reply);
    return reply.redirect("/", 302);
  });

  app.get("/api/auth/user", async (req) => {
    const user = await req.getUser();
    if (!user) throw unauthorized();
    return user;
  });

  app.post(
    "/api/auth/forgot-password",
    { schema: { body: ZForgotPasswordBody }, config: { rateLimit: { max: 20, timeWindow: "1 hour" } } },
    async (req, reply) => {
      await requestPasswordReset(app.db, req.body.email, { mailer: app.mailer, baseUrl: app.config.publicUrl });
      return reply.code(202).send({ message: "If an account exists for that e-mail, we sent a reset link." });
    },
  );

  app.post("/api/auth/reset-password", { schema: { body: ZResetPasswordBody } }, async (req, reply) => {
    const { userId, token, droppedSessions } = await resetPassword(app.db, req.body);
    for (const id of droppedSessions) await app.userCache.invalidate("session", id);
    setSessionCookie(app, req, reply, token);
    return app.userCache.getUser(userId);
  });
};
