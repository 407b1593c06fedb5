import { ZFeeds } from "@common/feeds";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZText } from "../../plugins/openapi-answers";
import { getFeedUrls, renderCalendar, renderPodcast } from "./feeds.service";

const ZFeedParams = z.object({ token: z.string().regex(/^[0-9a-f]{16,128}$/) });

/** Public podcast and calendar feeds at unguessable per-church addresses (DESIGN.md "Feeds"). */
export const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/feeds",
    {
      config: { access: "admin" },
      schema: { summary: "The church's feed addresses", response: { 200: ZFeeds } },
    },
    async (req) => getFeedUrls(req.churchCtx, app.config.publicUrl),
  );

  app.get(
    "/api/feeds/:token/podcast.xml",
    {
      config: { access: "public" },
      schema: {
        summary: "Podcast feed",
        description: "RSS 2.0 of the church's published sermons with audio, at the address from GET /api/admin/feeds.",
        params: ZFeedParams,
        response: { 200: ZText("RSS 2.0 with iTunes tags", "application/rss+xml") },
      },
    },
    async (req, reply) =>
      reply
        .type("application/rss+xml; charset=utf-8")
        .header("cache-control", "public, max-age=300")
        .send(await renderPodcast(app.db, req.params.token, app.config.publicUrl)),
  );

  app.get(
    "/api/feeds/:token/events.ics",
    {
      config: { access: "public" },
      schema: {
        summary: "Calendar feed",
        description: "iCalendar of the church's events, at the address from GET /api/admin/feeds.",
        params: ZFeedParams,
        response: { 200: ZText("iCalendar (RFC 5545)", "text/calendar") },
      },
    },
    async (req, reply) =>
      reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "public, max-age=300")
        .send(await renderCalendar(app.db, req.params.token, app.config.publicUrl)),
  );
};
