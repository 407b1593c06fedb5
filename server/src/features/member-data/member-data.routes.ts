import { MEMBER_EXPORT_STATUS_URL, ZMemberExportStatus } from "@common/member-data";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TChurchData } from "../../lib/data-kinds";
import { ZIdParams } from "../../lib/params";
import { ZBinary } from "../../plugins/openapi-answers";
import { createMemberExport, createMemberExportForAdmin, getMemberExportStatus } from "./member-data.service";

/** `data`: the kinds the features declare, composed outside them (server/src/data-kinds.ts). */
export const memberDataRoutes: FastifyPluginAsyncZod<{ data: TChurchData }> = async (app, { data }) => {
  app.get(
    MEMBER_EXPORT_STATUS_URL,
    {
      config: { access: "member" },
      schema: {
        summary: "When I may download my data again",
        description:
          "The caller's last download of their own data and, when it was today (the church's day), the start of the church's next day: the moment `GET /api/user/export.zip` answers 200 again. `nextAvailableAt` null: a download is allowed now.",
        response: { 200: ZMemberExportStatus },
      },
    },
    async (req) => getMemberExportStatus(req.churchCtx),
  );

  app.get(
    "/api/user/export.zip",
    {
      config: { access: "member" },
      schema: {
        summary: "Download my data (ZIP of JSON and CSV files)",
        description:
          "Everything the app holds about the caller (GDPR articles 15 and 20): a README.txt, profile.json, and per kind of the church's data the caller's own rows as JSON and CSV (private notes, their anonymous prayer requests marked anonymous, kudos given and received...). No password hash, sessions, tokens or push keys; nobody else's name or e-mail. Once a day (429 after), the day in the church's time zone. Streamed.",
        response: { 200: ZBinary("A ZIP archive", ["application/zip"]) },
      },
    },
    async (req, reply) => {
      const { stream } = await createMemberExport(req.churchCtx, data, {
        onError: (err) => req.log.error({ err }, "member export failed"),
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("application/zip")
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="my-fellowship-data-${day}.zip"`)
        .send(stream as never);
    },
  );

  app.get(
    "/api/admin/members/:id/export.zip",
    {
      config: { access: "admin" },
      schema: {
        summary: "Download a member's data for them (ZIP)",
        description:
          "An admin answers a member's request for their data: the member's own archive (README.txt, profile.json, their rows as JSON and CSV), but for their anonymous prayer requests and every row tied to them, which an admin never sees. Recorded in the audit trail (`export.downloaded`, the member as target); not counted in the member's once-a-day limit. Another church's member: 404.",
        params: ZIdParams,
        response: { 200: ZBinary("A ZIP archive", ["application/zip"]) },
      },
    },
    async (req, reply) => {
      const { stream } = await createMemberExportForAdmin(req.churchCtx, data, req.params.id, {
        onError: (err) => req.log.error({ err }, "member export for an admin failed"),
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("application/zip")
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="member-data-${day}.zip"`)
        .send(stream as never);
    },
  );
};
