import { ZHighlightBody } from "@common/highlights";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParams } from "../../lib/params";
import { requireMember } from "../../plugins/auth";
import { createHighlight, listHighlights, shareHighlight } from "./highlights.service";

export const highlightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: "member" as const };

  // DESIGN.md rule 6: the spec's query "keyed by sermon id" is this path.
  app.get(
    "/api/sermon-highlights/:sermonId",
    { config, schema: { params: z.object({ sermonId: z.uuid() }) } },
    async (req) => listHighlights(await requireMember(req), req.params.sermonId),
  );

  app.post("/api/sermon-highlights", { config, schema: { body: ZHighlightBody } }, async (req, reply) =>
    reply.code(201).send(await createHighlight(await requireMember(req), req.body)),
  );

  app.patch("/api/sermon-highlights/:id/share", { config, schema: { params: ZIdParams } }, async (req) =>
    shareHighlight(await requireMember(req), req.params.id),
  );
};
