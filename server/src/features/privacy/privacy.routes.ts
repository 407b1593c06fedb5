import { ZApiError } from "@common/errors";
import { CHURCH_PRIVACY_URL, ZChurchPrivacy } from "@common/privacy";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZTokenParams } from "../../lib/params";
import { getChurchPrivacy, getInvitationPrivacy } from "./privacy.service";

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    CHURCH_PRIVACY_URL,
    {
      config: { access: "member" },
      schema: {
        summary: "The church's privacy page",
        description:
          "What /privacy shows (issue 28): the church's name and contact details, how to reach it about members' data (`privacyContact`, null: the church's e-mail), how many days chat messages, notifications, the audit trail and a removed member's personal data are kept, and about how many days the server's automatic backups reach back (`backupDays`, null: none).",
        response: { 200: ZChurchPrivacy },
      },
    },
    async (req) => getChurchPrivacy(req.churchCtx, app.config.backup),
  );

  app.get(
    "/api/invite/:token/privacy",
    {
      config: { access: "public" },
      schema: {
        summary: "The privacy page of the church an invitation leads to",
        description:
          "The same answer as `GET /api/church/privacy`, for the sign-up form of an invitation (signed out), so a person can read it before giving their details; 404 when the invitation is invalid, used or expired.",
        params: ZTokenParams,
        response: { 200: ZChurchPrivacy, 404: ZApiError },
      },
    },
    async (req) => getInvitationPrivacy(app.db, req.params.token, app.config.backup),
  );
};
