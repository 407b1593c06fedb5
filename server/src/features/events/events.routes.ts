import { ZEventBody, ZEventListQuery } from "@common/events";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZIdParams } from "../../lib/params";
import { EventListCache } from "./event-list-cache";
import { checkIn, createEvent, deleteEvent, getEvent, listEvents, setRsvp, updateEvent } from "./events.service";

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };
  const admin = { access: "admin" as const };

  // Without parameters the church's whole list, from the per-church cache; with them, a small query.
  const listCache = new EventListCache(app.db, app.cacheBus);
  app.get("/api/events", { config: member, schema: { querystring: ZEventListQuery } }, async (req, reply) => {
    const { upcoming, limit } = req.query;
    if (!upcoming && limit === undefined) {
      return listCache.send(req.churchCtx, req, reply);
    }
    return listEvents(req.churchCtx, { upcoming, limit });
  });
  // GET /api/events/live is the live stream's (features/live).
  app.get("/api/events/:id", { config: member, schema: { params: ZIdParams } }, async (req) =>
    getEvent(req.churchCtx, req.params.id),
  );

  app.post("/api/events/:id/rsvp", { config: member, schema: { params: ZIdParams } }, async (req) =>
    setRsvp(req.churchCtx, req.params.id, true),
  );
  app.delete("/api/events/:id/rsvp", { config: member, schema: { params: ZIdParams } }, async (req) =>
    setRsvp(req.churchCtx, req.params.id, false),
  );
  app.post("/api/events/:id/check-in", { config: member, schema: { params: ZIdParams } }, async (req) =>
    checkIn(req.churchCtx, req.params.id),
  );

  app.post("/api/events", { config: admin, schema: { body: ZEventBody } }, async (req, reply) =>
    reply.code(201).send(await createEvent(req.churchCtx, req.body)),
  );
  app.put("/api/events/:id", { config: admin, schema: { params: ZIdParams, body: ZEventBody } }, async (req) =>
    updateEvent(req.churchCtx, req.params.id, req.body),
  );
  app.delete("/api/events/:id", { config: admin, schema: { params: ZIdParams } }, async (req, reply) => {
    await deleteEvent(req.churchCtx, req.params.id);
    return reply.code(204).send();
  });
};
