import { ZPrayerAnsweredBody, ZPrayerHiddenBody, ZPrayerRequestBody, ZPrayerRequestListQuery } from "@common/prayer";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZIdParams } from "../../lib/params";
import {
  createPrayerRequest,
  listPrayerRequests,
  markPrayerAnswered,
  prayForRequest,
  setPrayerHidden,
} from "./prayer-requests.service";
import { PrayerWallCache } from "./prayer-wall-cache";

/** Prayer requests (spec 1 §2.11, issue 9): the wall, sharing, "I prayed", answered and hidden. */
export const prayerRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };
  const admin = { access: "admin" as const };

  const wall = new PrayerWallCache(app.db, app.cacheBus);
  app.get("/api/prayer-requests", { config: member, schema: { querystring: ZPrayerRequestListQuery } }, async (req) =>
    listPrayerRequests(req.churchCtx, req.query, wall),
  );

  app.post("/api/prayer-requests", { config: member, schema: { body: ZPrayerRequestBody } }, async (req, reply) =>
    reply.code(201).send(await createPrayerRequest(req.churchCtx, req.body)),
  );

  // The spec's client sends no body; a note, when given, is shown with the answered request.
  app.patch(
    "/api/prayer-requests/:id/answered",
    { config: member, schema: { params: ZIdParams, body: ZPrayerAnsweredBody } },
    async (req) => markPrayerAnswered(req.churchCtx, req.params.id, req.body),
  );

  app.patch(
    "/api/prayer-requests/:id/hidden",
    { config: admin, schema: { params: ZIdParams, body: ZPrayerHiddenBody } },
    async (req) => setPrayerHidden(req.churchCtx, req.params.id, req.body.hidden),
  );

  app.post("/api/prayer-requests/:id/pray", { config: member, schema: { params: ZIdParams } }, async (req) =>
    prayForRequest(req.churchCtx, req.params.id),
  );
};
