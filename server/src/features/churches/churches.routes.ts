import { LOGO_TYPES } from "@common/brand";
import { ZChurch, ZChurchProfile, ZCreateChurchBody } from "@common/churches";
import { ZApiError } from "@common/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors";
import { ZIdParams } from "../../lib/params";
import { ZBinary, ZNoBody } from "../../plugins/openapi-answers";
import { findChurchLogo } from "./churches.repo";
import { createChurch, getChurchProfile } from "./churches.service";

export const churchesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/churches",
    {
      schema: {
        summary: "Create a church",
        description:
          "The caller becomes its ADMIN; 409 when they already belong to a church or the slug is taken. `timeZone` defaults to UTC; `slug` (the public page's address) is made from the name when absent.",
        body: ZCreateChurchBody,
        response: { 201: ZChurch, 409: ZApiError },
      },
      config: { access: "user" },
    },
    async (req, reply) => reply.code(201).send(await createChurch(req.userCtx, req.body)),
  );

  app.get(
    "/api/church",
    {
      config: { access: "member" },
      schema: {
        summary: "Your church",
        description: "Its name, logo, colour and contact details, and its public page's path once published.",
        response: { 200: ZChurchProfile },
      },
    },
    async (req) => getChurchProfile(req.churchCtx),
  );

  // Public: logos appear on the invitation page and in the web app manifest before sign-in.
  app.get(
    "/api/churches/:id/logo",
    {
      config: { access: "public" },
      schema: {
        summary: "A church's logo",
        description:
          "The image bytes, cached for good (the address changes with the logo); 304 for a matching `If-None-Match`.",
        params: ZIdParams,
        response: { 200: ZBinary("The logo", LOGO_TYPES), 304: ZNoBody },
      },
    },
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
