import { ZApiError } from "@common/errors";
import { ZEvent, ZEventAttendee, ZEventBody, ZEventListQuery, ZOccurrenceQuery } from "@common/events";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParams } from "../../lib/params";
import { ZNoBody, ZText } from "../../plugins/openapi-answers";
import { EventListCache } from "./event-list-cache";
import { listAttendees, renderEventCalendar } from "./event-page.service";
import { checkIn, createEvent, deleteEvent, getEvent, listEvents, setRsvp, updateEvent } from "./events.service";
import { UpcomingEventsCache } from "./upcoming-cache";

/** RSVP and check-in name an occurrence in a JSON body or in the query. */
const ZOccurrenceBody = ZOccurrenceQuery.nullish();
const occurrenceOf = (req: { body?: { occurrenceStart?: string } | null; query: { occurrenceStart?: string } }) =>
  req.body?.occurrenceStart ?? req.query.occurrenceStart;

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };
  const admin = { access: "admin" as const };

  // Without parameters the church's whole list, from the per-church cache; with them, a small query.
  const listCache = new EventListCache(app.db, app.cacheBus);
  const upcomingCache = new UpcomingEventsCache(app.cacheBus);
  app.get(
    "/api/events",
    {
      config: member,
      schema: {
        summary: "The church's events",
        description:
          "All of them (one item per event), or with `from` and `to` (at most 366 days apart) each occurrence in the window as its own item with `occurrenceStart`, repeating events expanded in the church's time zone; `upcoming=true` gives the occurrences not ended, soonest first; `limit` caps the count.",
        querystring: ZEventListQuery,
        response: { 200: z.array(ZEvent) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      if (!q.upcoming && q.limit === undefined && q.from === undefined && q.to === undefined) {
        return listCache.send(req.churchCtx, req, reply);
      }
      // The dashboards' next few, on every visit: kept per member (upcoming-cache.ts).
      if (q.upcoming && q.limit !== undefined && q.from === undefined && q.to === undefined) {
        return upcomingCache.get(req.churchCtx, q.limit);
      }
      return listEvents(req.churchCtx, q);
    },
  );
  // GET /api/events/live is the live stream's (features/live).
  app.get(
    "/api/events/:id",
    {
      config: member,
      schema: {
        summary: "An event",
        description:
          "A repeating event's occurrence named by `occurrenceStart` (400 when the rule has none such), or its next one.",
        params: ZIdParams,
        querystring: ZOccurrenceQuery,
        response: { 200: ZEvent },
      },
    },
    async (req) => getEvent(req.churchCtx, req.params.id, req.query.occurrenceStart),
  );

  app.get(
    "/api/events/:id/attendees",
    {
      config: member,
      schema: {
        summary: "Who is going",
        description:
          "The church's members who answered going (to the occurrence `occurrenceStart` of a repeating event, or its next one): first name and last initial.",
        params: ZIdParams,
        querystring: ZOccurrenceQuery,
        response: { 200: z.array(ZEventAttendee) },
      },
    },
    async (req) => listAttendees(req.churchCtx, req.params.id, req.query.occurrenceStart),
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
        description:
          "409 once the event has ended. A repeating event's occurrence is named by `occurrenceStart` (body or query; required).",
        params: ZIdParams,
        querystring: ZOccurrenceQuery,
        body: ZOccurrenceBody,
        response: { 200: ZEvent, 409: ZApiError },
      },
    },
    async (req) => setRsvp(req.churchCtx, req.params.id, true, occurrenceOf(req)),
  );
  app.delete(
    "/api/events/:id/rsvp",
    {
      config: member,
      schema: {
        summary: "RSVP: not going",
        description: "A repeating event's occurrence is named by `occurrenceStart` (query; required).",
        params: ZIdParams,
        querystring: ZOccurrenceQuery,
        response: { 200: ZEvent },
      },
    },
    async (req) => setRsvp(req.churchCtx, req.params.id, false, req.query.occurrenceStart),
  );
  app.post(
    "/api/events/:id/check-in",
    {
      config: member,
      schema: {
        summary: "Check in",
        description:
          "From 30 minutes before the start until the end; 409 outside that. A repeating event's occurrence is named by `occurrenceStart` (body or query; required).",
        params: ZIdParams,
        querystring: ZOccurrenceQuery,
        body: ZOccurrenceBody,
        response: { 200: ZEvent, 409: ZApiError },
      },
    },
    async (req) => checkIn(req.churchCtx, req.params.id, occurrenceOf(req)),
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
      schema: {
        summary: "Change an event",
        description:
          'A repeating event: `scope` "all" (default), "one" or "following" with `occurrenceStart`; "following" answers the new series\' first occurrence.',
        params: ZIdParams,
        body: ZEventBody,
        response: { 200: ZEvent },
      },
    },
    async (req) => updateEvent(req.churchCtx, req.params.id, req.body),
  );
  app.delete(
    "/api/events/:id",
    {
      config: admin,
      schema: {
        summary: "Delete an event",
        description: "With `occurrenceStart`, cancels only that occurrence of a repeating event.",
        params: ZIdParams,
        querystring: ZOccurrenceQuery,
        response: { 204: ZNoBody },
      },
    },
    async (req, reply) => {
      await deleteEvent(req.churchCtx, req.params.id, req.query.occurrenceStart);
      return reply.code(204).send();
    },
  );
};
