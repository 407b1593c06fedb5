import { ZReadingComplete } from "@common/reading";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { completeReading, getTodayReadings } from "./reading.service";

export const readingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/bible-reading/today", { config: { access: "member" } }, async (req) => getTodayReadings(req.churchCtx));
  app.post(
    "/api/bible-reading/complete",
    { config: { access: "member" }, schema: { body: ZReadingComplete } },
    async (req) => completeReading(req.churchCtx, req.body),
  );
};
