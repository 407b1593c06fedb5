import { ZReadingComplete, ZReadingCompleted, ZReadingToday } from "@common/reading";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { completeReading, getTodayReadings } from "./reading.service";

export const readingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/bible-reading/today",
    {
      config: { access: "member" },
      schema: { summary: "Today's readings and this week's", response: { 200: ZReadingToday } },
    },
    async (req) => getTodayReadings(req.churchCtx),
  );
  app.post(
    "/api/bible-reading/complete",
    {
      config: { access: "member" },
      schema: {
        summary: "Complete a reading",
        description: "A passage of a day's plan, today or earlier; points once per passage per day.",
        body: ZReadingComplete,
        response: { 200: ZReadingCompleted },
      },
    },
    async (req) => completeReading(req.churchCtx, req.body),
  );
};
