import { ZApiError } from "@common/errors";
import { ZDeleteAccountBody, ZEraseMemberBody, ZErasureDone } from "@common/member-erasure";
import { DELETE_ACCOUNT_URL } from "@common/member-erasure-helpers";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { unauthorized } from "../../lib/errors";
import { ZIdParams } from "../../lib/params";
import { clearSessionCookie } from "../../plugins/auth";
import { deleteOwnAccount, eraseMemberForAdmin } from "./account-deletion.service";
import { defineRemovedMemberRetention } from "./removed-member-retention";

/** Wrong passwords per account within the window, before 429 (as the password change counts them). */
const DELETE_TRIES_PER_WINDOW = 10;

export const memberErasureRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRemovedMemberRetention(app);
  const ssoName = app.config.oidc?.name ?? "Single Sign-On";

  app.post(
    DELETE_ACCOUNT_URL,
    {
      config: {
        access: "member",
        rateLimit: {
          max: DELETE_TRIES_PER_WINDOW,
          timeWindow: "15 minutes",
          keyGenerator: async (req) => {
            const user = await req.getUser();
            return user ? `delete-account:${user.id}` : `delete-account-ip:${req.ip}`;
          },
        },
      },
      schema: {
        summary: "Delete my account (erase me)",
        description:
          "Erases the caller (GDPR article 17): their personal data leaves every table, what others rely on stays without their name, the church's figures stay true. Needs the password (400 when wrong, 429 after 10) or, for an account without one, a single sign-on less than 10 minutes old (403), and `confirm: \"DELETE\"` (400). The church's last admin: 409. Every session ends and the cookie is cleared.",
        body: ZDeleteAccountBody,
        response: { 200: ZErasureDone, 403: ZApiError, 409: ZApiError },
      },
    },
    async (req, reply) => {
      const sessionId = req.sessionId();
      if (!sessionId) throw unauthorized();
      await deleteOwnAccount(req.churchCtx, sessionId, req.body, ssoName);
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/admin/members/:id/erase",
    {
      config: { access: "admin" },
      schema: {
        summary: "Erase a member on their request",
        description:
          "The same erasure as Delete my account, run by an admin with the member's reason (kept in the audit trail, which names the member by a pseudonym from then on). Another church's or an unknown id: 404; yourself or the last admin: 409.",
        params: ZIdParams,
        body: ZEraseMemberBody,
        response: { 200: ZErasureDone, 409: ZApiError },
      },
    },
    async (req) => {
      await eraseMemberForAdmin(req.churchCtx, req.params.id, req.body);
      return { ok: true as const };
    },
  );
};
