import { ZAuditActor, ZAuditCsvQuery, ZAuditEntryResponse, ZAuditQuery } from "@common/audit";
import { ZApiError } from "@common/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { linkNextPage } from "../../lib/list-page";
import { ZText } from "../../plugins/openapi-answers";
import { exportAuditCsv, listAuditActors, listAuditEntriesPage } from "./audit.service";
import { defineAuditRetention } from "./audit-retention";

const FILTERS_DESCRIPTION =
  "Newest first. `from` and `to` are days (YYYY-MM-DD) in the church's time zone, `to` included; `actorId` is a member's id or `system`; `limit` 1-200 (50 when absent).";

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: "admin" as const };
  defineAuditRetention(app);

  app.get(
    "/api/admin/audit",
    {
      config,
      schema: {
        summary: "The church's audit log",
        description: `${FILTERS_DESCRIPTION} When more follow, \`Link: <...>; rel="next"\` gives the next page's URL (its \`after\` cursor; \`offset\` still works but reads every entry it skips). \`actor\` null is the system; \`changes\` is \`{field: [before, after]}\` with secrets masked.`,
        querystring: ZAuditQuery,
        response: { 200: z.array(ZAuditEntryResponse), 400: ZApiError },
      },
    },
    async (req, reply) => {
      const page = await listAuditEntriesPage(req.churchCtx, req.query);
      linkNextPage(req, reply, page.next);
      return page.items;
    },
  );

  app.get(
    "/api/admin/audit.csv",
    {
      config,
      schema: {
        summary: "The church's audit log (CSV)",
        description: `The same entries as \`GET /api/admin/audit\`, as a spreadsheet-safe CSV attachment, its header and words in the caller's language (ids, times, action names and field names as the API has them). ${FILTERS_DESCRIPTION} The download is itself recorded (\`export.downloaded\`).`,
        querystring: ZAuditCsvQuery,
        response: { 200: ZText("CSV with a header row", "text/csv"), 400: ZApiError },
      },
    },
    async (req, reply) =>
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(await exportAuditCsv(req.churchCtx, req.query, await req.getLanguage())),
  );

  app.get(
    "/api/admin/audit/actors",
    {
      config,
      schema: {
        summary: "The people in the audit log",
        description: "Everyone who appears as the actor of an entry, by name: the page's person filter.",
        response: { 200: z.array(ZAuditActor) },
      },
    },
    async (req) => listAuditActors(req.churchCtx),
  );
};
