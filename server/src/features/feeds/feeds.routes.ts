import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { getFeedUrls, renderCalendar, renderPodcast } from "./feeds.service";

const ZFeedParams = z.object({ token: z.string().regex(/^[0-9a-f]{16,128}$/) });

/** Public podcast and calendar feeds at unguessable per-church addresses (DESIGN.md "Feeds"). */
export const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/admin/feeds", { config: { access: "admin" } }, async (req) =>
    getFeedUrls(req.churchCtx, app.config.publicUrl),
  );

  app.get(
    "/api/feeds/:token/podcast.xml",
    { config: { access: "public" }, schema: { params: ZFeedParams } },
    async (req, reply) =>
      reply
        .type("application/rss+xml; charset=utf-8")
        .header("cache-control", "public, max-age=300")
        .send(await renderPodcast(app.db, req.params.token, app.config.publicUrl)),
  );

  app.get(
    "/api/feeds/:token/events.ics",
    { config: { access: "public" }, schema: { params: ZFeedParams } },
    async (req, reply) =>
      reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "public, max-age=300")
        .send(await renderCalendar(app.db, req.params.token, app.config.publicUrl)),
  );
};
