import { ZChurchSettingsBody } from "@common/churches";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getChurchSettings, updateChurchSettings } from "./settings.service";

// A 2 MB image is about 2.7 MB as base64; leave room for the other fields.
const SETTINGS_BODY_LIMIT = 4 * 1024 * 1024;

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/admin/church/settings", { config: { access: "admin" } }, async (req) =>
    getChurchSettings(req.churchCtx),
  );

  app.put(
    "/api/admin/church/settings",
    { schema: { body: ZChurchSettingsBody }, bodyLimit: SETTINGS_BODY_LIMIT, config: { access: "admin" } },
    async (req) => updateChurchSettings(req.churchCtx, req.body),
  );
};
