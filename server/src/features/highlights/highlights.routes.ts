import { ZApiError } from "@common/errors";
import { ZHighlight, ZHighlightBody } from "@common/highlights";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParams } from "../../lib/params";
import { createHighlight, listHighlights, shareHighlight } from "./highlights.service";

export const highlightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: "member" as const };

  // DESIGN.md rule 6: the spec's query "keyed by sermon id" is this path.
  app.get(
    "/api/sermon-highlights/:sermonId",
    {
      config,
      schema: {
        summary: "A sermon's highlights",
        description: "The caller's own and those others shared.",
        params: z.object({ sermonId: z.uuid() }),
        response: { 200: z.array(ZHighlight) },
      },
    },
    async (req) => listHighlights(req.churchCtx, req.params.sermonId),
  );

  app.post(
    "/api/sermon-highlights",
    {
      config,
      schema: {
        summary: "Highlight a passage of a sermon",
        description: "404 when the sermon is not the church's.",
        body: ZHighlightBody,
        response: { 201: ZHighlight, 404: ZApiError },
      },
    },
    async (req, reply) => reply.code(201).send(await createHighlight(req.churchCtx, req.body)),
  );

  app.patch(
    "/api/sermon-highlights/:id/share",
    { config, schema: { summary: "Share a highlight", params: ZIdParams, response: { 200: ZHighlight } } },
    async (req) => shareHighlight(req.churchCtx, req.params.id),
  );
};
