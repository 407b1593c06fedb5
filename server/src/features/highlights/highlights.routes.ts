import { ZHighlightBody } from "@common/highlights";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParams } from "../../lib/params";
import { createHighlight, listHighlights, shareHighlight } from "./highlights.service";

export const highlightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: "member" as const };

  // DESIGN.md rule 6: the spec's query "keyed by sermon id" is this path.
  app.get(
    "/api/sermon-highlights/:sermonId",
    { config, schema: { params: z.object({ sermonId: z.uuid() }) } },
    async (req) => listHighlights(req.churchCtx, req.params.sermonId),
  );

  app.post("/api/sermon-highlights", { config, schema: { body: ZHighlightBody } }, async (req, reply) =>
    reply.code(201).send(await createHighlight(req.churchCtx, req.body)),
  );

  app.patch("/api/sermon-highlights/:id/share", { config, schema: { params: ZIdParams } }, async (req) =>
    shareHighlight(req.churchCtx, req.params.id),
  );
};
