import { ZApiError } from "@common/errors";
import {
  ZMemberImportBody,
  ZMemberImportPreview,
  ZMemberImportPreviewBody,
  ZMemberImportResult,
} from "@common/member-import";
import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../lib/errors";
import { msg } from "../../lib/i18n";
import { ZText } from "../../plugins/openapi-answers";
import { getInvitationSendingDeps } from "./invitations.routes";
import { exportInvitationsCsv, exportMembersCsv, importMembers, previewMemberImport } from "./member-import.service";

const today = () => new Date().toISOString().slice(0, 10);

export const memberImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: "admin" as const };

  // A file over the body limit is named as such here; every other error goes on to the app's handler.
  app.setErrorHandler((err: FastifyError) => {
    if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      const mb = Math.floor((app.initialConfig.bodyLimit ?? 1_048_576) / 1_048_576);
      throw new AppError(
        "TOO_LARGE",
        msg`The file is too large: at most ${mb} MB can be imported at once. Split it into smaller files.`,
      );
    }
    throw err;
  });

  app.get(
    "/api/admin/members/export.csv",
    {
      config,
      schema: {
        summary: "Export the members (CSV)",
        description: "A spreadsheet-safe CSV attachment: cells that would start a formula are prefixed with '.",
        response: { 200: ZText("CSV with a header row", "text/csv") },
      },
    },
    async (req, reply) =>
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="members-${today()}.csv"`)
        .send(await exportMembersCsv(req.churchCtx)),
  );

  app.get(
    "/api/admin/invitations/export.csv",
    {
      config,
      schema: {
        summary: "Export the invitations (CSV)",
        description: "A spreadsheet-safe CSV attachment, without the invitation links.",
        response: { 200: ZText("CSV with a header row", "text/csv") },
      },
    },
    async (req, reply) =>
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="invitations-${today()}.csv"`)
        .send(await exportInvitationsCsv(req.churchCtx)),
  );

  app.post(
    "/api/admin/members/import/preview",
    {
      config,
      schema: {
        summary: "Preview a member import",
        description:
          "Reads the CSV (at most 5,000 people), maps its columns (guessed from the headers unless given) and lists each row's problems. Nothing is saved.",
        body: ZMemberImportPreviewBody,
        response: { 200: ZMemberImportPreview },
      },
    },
    async (req) => previewMemberImport(req.churchCtx, req.body),
  );

  app.post(
    "/api/admin/members/import",
    {
      config,
      schema: {
        summary: "Import members as invitations",
        description:
          'Each row without a problem becomes an invitation: "now" emails them within the daily limits, "later" keeps them waiting for review. 409 while another import of the church runs.',
        body: ZMemberImportBody,
        response: { 200: ZMemberImportResult, 409: ZApiError },
      },
    },
    async (req) => importMembers(req.churchCtx, req.body, await getInvitationSendingDeps(app, req)),
  );
};
