import { ZChurchSettings, ZChurchSettingsBody } from "@common/churches";
import { ZApiError } from "@common/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getChurchSettings, updateChurchSettings } from "./settings.service";

// A 2 MB image is about 2.7 MB as base64; leave room for the other fields.
const SETTINGS_BODY_LIMIT = 4 * 1024 * 1024;

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/church/settings",
    {
      config: { access: "admin" },
      schema: { summary: "The church's settings", response: { 200: ZChurchSettings, 404: ZApiError } },
    },
    async (req) => getChurchSettings(req.churchCtx),
  );

  app.put(
    "/api/admin/church/settings",
    {
      schema: {
        summary: "Change the church's settings",
        description:
          "The logo as a `data:` URL (PNG, JPEG, GIF or WebP, at most 2 MB: 413 above) or a web address. `slug` is the public page's address (/c/{slug}; 409 when another church has it) and `publicPage` whether visitors see that page.",
        body: ZChurchSettingsBody,
        response: { 200: ZChurchSettings, 404: ZApiError, 409: ZApiError },
      },
      bodyLimit: SETTINGS_BODY_LIMIT,
      config: { access: "admin" },
    },
    async (req) => updateChurchSettings(req.churchCtx, req.body),
  );
};
