import { ZCreateChurchBody } from "@common/churches";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors";
import { ZIdParams } from "../../lib/params";
import { findChurchLogo } from "./churches.repo";
import { createChurch } from "./churches.service";

export const churchesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/api/churches", { schema: { body: ZCreateChurchBody }, config: { access: "user" } }, async (req, reply) =>
    reply.code(201).send(await createChurch(req.userCtx, req.body)),
  );

  // Public: logos appear on the invitation page and in the web app manifest before sign-in.
  app.get(
    "/api/churches/:id/logo",
    { config: { access: "public" }, schema: { params: ZIdParams } },
    async (req, reply) => {
      const logo = await findChurchLogo(app.db, req.params.id);
      if (!logo) throw notFound("Logo not found");
      if (req.headers["if-none-match"] === logo.etag) return reply.code(304).send();
      return reply
        .header("content-type", logo.contentType)
        .header("etag", logo.etag)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .send(logo.bytes);
    },
  );
};
