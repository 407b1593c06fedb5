import { ZApiError } from "@common/errors";
import {
  PRAYER_REQUESTS_PER_HOUR,
  ZPrayerAnsweredBody,
  ZPrayerHiddenBody,
  ZPrayerRequest,
  ZPrayerRequestBody,
  ZPrayerRequestListQuery,
  ZPrayResult,
} from "@common/prayer";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
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
  app.get(
    "/api/prayer-requests",
    {
      config: member,
      schema: {
        summary: "The prayer wall",
        description: "Newest first, a page at a time: `before` is the id of the last request seen.",
        querystring: ZPrayerRequestListQuery,
        response: { 200: z.array(ZPrayerRequest) },
      },
    },
    async (req) => listPrayerRequests(req.churchCtx, req.query, wall),
  );

  app.post(
    "/api/prayer-requests",
    {
      config: member,
      schema: {
        summary: "Share a prayer request",
        description: `At most ${PRAYER_REQUESTS_PER_HOUR} an hour per member, anonymous ones included (429 past it).`,
        body: ZPrayerRequestBody,
        response: { 201: ZPrayerRequest },
      },
    },
    async (req, reply) => reply.code(201).send(await createPrayerRequest(req.churchCtx, req.body)),
  );

  // The spec's client sends no body; a note, when given, is shown with the answered request.
  app.patch(
    "/api/prayer-requests/:id/answered",
    {
      config: member,
      schema: {
        summary: "Mark a request answered",
        description: "By its author or an admin (403 for others); 409 when already answered.",
        params: ZIdParams,
        body: ZPrayerAnsweredBody,
        response: { 200: ZPrayerRequest, 409: ZApiError },
      },
    },
    async (req) => markPrayerAnswered(req.churchCtx, req.params.id, req.body),
  );

  app.patch(
    "/api/prayer-requests/:id/hidden",
    {
      config: admin,
      schema: {
        summary: "Hide a request, or show it again",
        params: ZIdParams,
        body: ZPrayerHiddenBody,
        response: { 200: ZPrayerRequest },
      },
    },
    async (req) => setPrayerHidden(req.churchCtx, req.params.id, req.body.hidden),
  );

  app.post(
    "/api/prayer-requests/:id/pray",
    {
      config: member,
      schema: {
        summary: "I prayed",
        description: "Counted once per member per request per day; 409 once it is answered.",
        params: ZIdParams,
        response: { 200: ZPrayResult, 409: ZApiError },
      },
    },
    async (req) => prayForRequest(req.churchCtx, req.params.id),
  );
};
