import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TChurchData } from "../../lib/data-kinds";
import { ZBinary } from "../../plugins/openapi-answers";
import { createChurchExport } from "./church-export.service";

/** The church's name as a safe ASCII file name part ("Grace Chapel!" -> "grace-chapel"). */
const slug = (name: string) =>
  name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "church";

/** `data`: the kinds the features declare, composed outside them (server/src/data-kinds.ts). */
export const churchExportRoutes: FastifyPluginAsyncZod<{ data: TChurchData }> = async (app, { data }) => {
  app.get(
    "/api/admin/church-export.zip",
    {
      config: { access: "admin" },
      schema: {
        summary: "Export the church's data (ZIP of CSV files)",
        description:
          "The caller's church only: one spreadsheet-safe CSV file per kind of row (members, invitations, sermons, highlights, events, attendance, points, prayer, kudos, notifications, live streams, integrations ...) and a README.txt. No passwords, sessions, tokens, keys or secrets. Streamed.",
        response: { 200: ZBinary("A ZIP archive", ["application/zip"]) },
      },
    },
    async (req, reply) => {
      const { stream, churchName } = await createChurchExport(req.churchCtx, data, {
        onError: (err) => req.log.error({ err }, "church export failed"),
      });
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .type("application/zip")
          .header("cache-control", "no-store")
          .header("content-disposition", `attachment; filename="${slug(churchName)}-export-${day}.zip"`)
          // The document types the answer as bytes; a stream of them is sent as they are made.
          .send(stream as never)
      );
    },
  );
};
