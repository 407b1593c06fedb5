import { ZApiError } from "@common/errors";
import { ZEvent, ZEventAttendee, ZEventBody, ZEventListQuery } from "@common/events";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParams } from "../../lib/params";
import { ZNoBody, ZText } from "../../plugins/openapi-answers";
import { EventListCache } from "./event-list-cache";
import { listAttendees, renderEventCalendar } from "./event-page.service";
import { checkIn, createEvent, deleteEvent, getEvent, listEvents, setRsvp, updateEvent } from "./events.service";

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };
  const admin = { access: "admin" as const };

  // Without parameters the church's whole list, from the per-church cache; with them, a small query.
  const listCache = new EventListCache(app.db, app.cacheBus);
  app.get(
    "/api/events",
    {
      config: member,
      schema: {
        summary: "The church's events",
        description: "All of them, or with `upcoming=true` those not ended, soonest first; `limit` caps the count.",
        querystring: ZEventListQuery,
        response: { 200: z.array(ZEvent) },
      },
    },
    async (req, reply) => {
      const { upcoming, limit } = req.query;
      if (!upcoming && limit === undefined) {
        return listCache.send(req.churchCtx, req, reply);
      }
      return listEvents(req.churchCtx, { upcoming, limit });
    },
  );
  // GET /api/events/live is the live stream's (features/live).
  app.get(
    "/api/events/:id",
    { config: member, schema: { summary: "An event", params: ZIdParams, response: { 200: ZEvent } } },
    async (req) => getEvent(req.churchCtx, req.params.id),
  );

  app.get(
    "/api/events/:id/attendees",
    {
      config: member,
      schema: {
        summary: "Who is going",
        description: "The church's members who answered going: first name and last initial.",
        params: ZIdParams,
        response: { 200: z.array(ZEventAttendee) },
      },
    },
    async (req) => listAttendees(req.churchCtx, req.params.id),
  );
  app.get(
    "/api/events/:id/calendar.ics",
    {
      config: member,
      schema: {
        summary: "Add to my calendar",
        description: "The event as an iCalendar file (RFC 5545) to open in a calendar app.",
        params: ZIdParams,
        response: { 200: ZText("iCalendar (RFC 5545)", "text/calendar") },
      },
    },
    async (req, reply) => {
      const ics = await renderEventCalendar(req.churchCtx, req.params.id, app.config.publicUrl);
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", 'attachment; filename="event.ics"')
        .header("cache-control", "private, no-store")
        .send(ics);
    },
  );

  app.post(
    "/api/events/:id/rsvp",
    {
      config: member,
      schema: {
        summary: "RSVP: going",
        description: "409 once the event has ended.",
        params: ZIdParams,
        response: { 200: ZEvent, 409: ZApiError },
      },
    },
    async (req) => setRsvp(req.churchCtx, req.params.id, true),
  );
  app.delete(
    "/api/events/:id/rsvp",
    { config: member, schema: { summary: "RSVP: not going", params: ZIdParams, response: { 200: ZEvent } } },
    async (req) => setRsvp(req.churchCtx, req.params.id, false),
  );
  app.post(
    "/api/events/:id/check-in",
    {
      config: member,
      schema: {
        summary: "Check in",
        description: "From 30 minutes before the start until the end; 409 outside that.",
        params: ZIdParams,
        response: { 200: ZEvent, 409: ZApiError },
      },
    },
    async (req) => checkIn(req.churchCtx, req.params.id),
  );

  app.post(
    "/api/events",
    { config: admin, schema: { summary: "Create an event", body: ZEventBody, response: { 201: ZEvent } } },
    async (req, reply) => reply.code(201).send(await createEvent(req.churchCtx, req.body)),
  );
  app.put(
    "/api/events/:id",
    {
      config: admin,
      schema: { summary: "Change an event", params: ZIdParams, body: ZEventBody, response: { 200: ZEvent } },
    },
    async (req) => updateEvent(req.churchCtx, req.params.id, req.body),
  );
  app.delete(
    "/api/events/:id",
    { config: admin, schema: { summary: "Delete an event", params: ZIdParams, response: { 204: ZNoBody } } },
    async (req, reply) => {
      await deleteEvent(req.churchCtx, req.params.id);
      return reply.code(204).send();
    },
  );
};
