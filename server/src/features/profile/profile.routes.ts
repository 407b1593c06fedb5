import { ZActivityQuery, ZAvatarBody, ZChangePasswordBody, ZPreferencesBody, ZProfileBody } from "@common/profile";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { unauthorized } from "../../lib/errors";
import { ZIdParams } from "../../lib/params";
import { clearSessionCookie } from "../../plugins/auth";
import { changePassword, getAccountInfo, signOutEverywhere } from "./account.service";
import { getRecentActivity } from "./activity.service";
import { deleteAvatar, getAvatar, setAvatar } from "./avatar.service";
import { getPreferences, updatePreferences, updateProfile } from "./profile.service";

// A 2 MB picture is about 2.7 MB as base64; larger bodies are refused before they are read.
const AVATAR_BODY_LIMIT = 4 * 1024 * 1024;

/** Wrong current passwords per account within the window, before 429 (a stolen session cannot guess on). */
const PASSWORD_CHANGES_PER_WINDOW = 10;

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch("/api/user/profile", { config: { access: "user" }, schema: { body: ZProfileBody } }, async (req) =>
    updateProfile(req.userCtx, req.body),
  );

  app.get("/api/user/preferences", { config: { access: "user" } }, async (req) => getPreferences(req.userCtx));
  app.patch("/api/user/preferences", { config: { access: "user" }, schema: { body: ZPreferencesBody } }, async (req) =>
    updatePreferences(req.userCtx, req.body),
  );

  app.put(
    "/api/user/avatar",
    { config: { access: "user" }, schema: { body: ZAvatarBody }, bodyLimit: AVATAR_BODY_LIMIT },
    async (req) => setAvatar(req.userCtx, req.body.image),
  );
  app.delete("/api/user/avatar", { config: { access: "user" } }, async (req) => deleteAvatar(req.userCtx));

  // The address carries the picture's version, so it may be kept for good, but only privately.
  app.get(
    "/api/users/:id/avatar",
    { config: { access: "user" }, schema: { params: ZIdParams } },
    async (req, reply) => {
      const avatar = await getAvatar(req.userCtx, req.params.id);
      reply.header("etag", avatar.etag).header("cache-control", "private, max-age=31536000, immutable");
      if (req.headers["if-none-match"] === avatar.etag) return reply.code(304).send();
      return reply
        .header("content-type", avatar.contentType)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .send(avatar.bytes);
    },
  );

  app.get("/api/user/account", { config: { access: "user" } }, async (req) =>
    getAccountInfo(req.userCtx, req.sessionId()),
  );

  app.post(
    "/api/user/password",
    {
      schema: { body: ZChangePasswordBody },
      config: {
        access: "user",
        rateLimit: {
          max: PASSWORD_CHANGES_PER_WINDOW,
          timeWindow: "15 minutes",
          keyGenerator: async (req) => {
            const user = await req.getUser();
            return user ? `password:${user.id}` : `password-ip:${req.ip}`;
          },
        },
      },
    },
    async (req, reply) => {
      const sessionId = req.sessionId();
      if (!sessionId) throw unauthorized();
      await changePassword(req.userCtx, sessionId, req.body);
      return reply.code(204).send();
    },
  );

  // Ends every session of the account, this browser's too.
  app.post("/api/user/sessions/revoke-all", { config: { access: "user" } }, async (req, reply) => {
    await signOutEverywhere(req.userCtx);
    clearSessionCookie(reply);
    return reply.code(204).send();
  });

  app.get(
    "/api/user/activity",
    { config: { access: "member" }, schema: { querystring: ZActivityQuery } },
    async (req) => getRecentActivity(req.churchCtx, req.query.limit),
  );
};
