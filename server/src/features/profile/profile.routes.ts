import { ZAuthUser } from "@common/auth";
import { LOGO_TYPES } from "@common/brand";
import { ZApiError } from "@common/errors";
import {
  ZAccountInfo,
  ZActivityItem,
  ZActivityQuery,
  ZAvatarBody,
  ZChangePasswordBody,
  ZPreferences,
  ZPreferencesBody,
  ZProfileBody,
} from "@common/profile";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { unauthorized } from "../../lib/errors";
import { ZIdParams } from "../../lib/params";
import { clearSessionCookie } from "../../plugins/auth";
import { ZBinary, ZNoBody } from "../../plugins/openapi-answers";
import { changePassword, getAccountInfo, signOutEverywhere } from "./account.service";
import { getRecentActivity } from "./activity.service";
import { deleteAvatar, getAvatar, setAvatar } from "./avatar.service";
import { getPreferences, updatePreferences, updateProfile } from "./profile.service";

// A 2 MB picture is about 2.7 MB as base64; larger bodies are refused before they are read.
const AVATAR_BODY_LIMIT = 4 * 1024 * 1024;

/** Wrong current passwords per account within the window, before 429 (a stolen session cannot guess on). */
const PASSWORD_CHANGES_PER_WINDOW = 10;

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // The account may be gone between the sign-in check and the work (deleted in another tab): 404.
  const user = { access: "user" as const };
  const gone = { 404: ZApiError };

  app.patch(
    "/api/user/profile",
    {
      config: user,
      schema: {
        summary: "Change the caller's name and bio",
        body: ZProfileBody,
        response: { 200: ZAuthUser, ...gone },
      },
    },
    async (req) => updateProfile(req.userCtx, req.body),
  );

  app.get(
    "/api/user/preferences",
    {
      config: user,
      schema: { summary: "The caller's preferences", response: { 200: ZPreferences, ...gone } },
    },
    async (req) => getPreferences(req.userCtx),
  );
  app.patch(
    "/api/user/preferences",
    {
      config: user,
      schema: {
        summary: "Change the caller's preferences",
        description: "Only the preferences sent change.",
        body: ZPreferencesBody,
        response: { 200: ZPreferences, ...gone },
      },
    },
    async (req) => updatePreferences(req.userCtx, req.body),
  );

  app.put(
    "/api/user/avatar",
    {
      config: user,
      schema: {
        summary: "Set the caller's picture",
        description: "A `data:` URL of a PNG, JPEG, GIF or WebP image of at most 2 MB (413 above).",
        body: ZAvatarBody,
        response: { 200: ZAuthUser, ...gone },
      },
      bodyLimit: AVATAR_BODY_LIMIT,
    },
    async (req) => setAvatar(req.userCtx, req.body.image),
  );
  app.delete(
    "/api/user/avatar",
    { config: user, schema: { summary: "Remove the caller's picture", response: { 200: ZAuthUser, ...gone } } },
    async (req) => deleteAvatar(req.userCtx),
  );

  // The address carries the picture's version, so it may be kept for good, but only privately.
  app.get(
    "/api/users/:id/avatar",
    {
      config: user,
      schema: {
        summary: "A member's picture",
        description:
          "The caller's own or a member of their church's; the address carries the picture's version (kept privately for good), 304 for a matching `If-None-Match`.",
        params: ZIdParams,
        response: { 200: ZBinary("The picture", LOGO_TYPES), 304: ZNoBody },
      },
    },
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

  app.get(
    "/api/user/account",
    {
      config: user,
      schema: { summary: "The caller's sign-in settings", response: { 200: ZAccountInfo, ...gone } },
    },
    async (req) => getAccountInfo(req.userCtx, req.sessionId()),
  );

  app.post(
    "/api/user/password",
    {
      schema: {
        summary: "Change the caller's password",
        description: "Ends the account's other sessions; a wrong current password answers 400 (and 429 after 10).",
        body: ZChangePasswordBody,
        response: { 204: ZNoBody, ...gone },
      },
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
  app.post(
    "/api/user/sessions/revoke-all",
    {
      config: user,
      schema: { summary: "Sign out everywhere", description: "This browser too.", response: { 204: ZNoBody } },
    },
    async (req, reply) => {
      await signOutEverywhere(req.userCtx);
      clearSessionCookie(reply);
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/user/activity",
    {
      config: { access: "member" },
      schema: {
        summary: "The caller's recent activity",
        description: "Points, check-ins and badges in their church, newest first.",
        querystring: ZActivityQuery,
        response: { 200: z.array(ZActivityItem) },
      },
    },
    async (req) => getRecentActivity(req.churchCtx, req.query.limit, await req.getLanguage()),
  );
};
