import { ZApiError } from "@common/errors";
import { RELATED_SERMON_COUNT } from "@common/sermon-helpers";
import {
  ZPublicSermon,
  ZSeriesQuery,
  ZSermon,
  ZSermonBody,
  ZSermonDetail,
  ZSermonListQuery,
  ZSermonSeries,
  ZSpeakersQuery,
  ZWatchResult,
} from "@common/sermons";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParams } from "../../lib/params";
import { requireMember } from "../../plugins/auth";
import { ZNoBody } from "../../plugins/openapi-answers";
import { SermonHeadCache } from "./sermon-head-cache";
import {
  createSermon,
  deleteSermon,
  getPublicSermon,
  getSeries,
  listRelatedSermons,
  listSermons,
  listSpeakers,
  publishSermon,
  updateSermon,
  viewSermon,
  watchSermon,
} from "./sermons.service";

export const sermonsRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };
  const admin = { access: "admin" as const };
  // The newest sermons and the church's count, for the plain list's pages (sermon-head-cache.ts).
  const head = new SermonHeadCache(app.db, app.cacheBus);

  app.get(
    "/api/sermons",
    {
      config: member,
      schema: {
        summary: "The church's sermons",
        description:
          "Newest first; all of them without parameters. With `series`, that series' sermons oldest first (the order it was preached). With `limit`, the total is in `X-Total-Count`. Drafts only for admins (`includeDrafts=true`; 403 for members).",
        querystring: ZSermonListQuery,
        response: { 200: z.array(ZSermon) },
      },
    },
    async (req, reply) => {
      const ctx = req.churchCtx;
      const q = req.query;
      if (q.limit === undefined && !q.search && !q.speaker && !q.series && !q.offset && !q.includeDrafts) {
        return app.sermonListCache.send(ctx, req, reply);
      }
      const { rows, total } = await listSermons(ctx, q, head);
      if (total !== null) reply.header("x-total-count", String(total));
      return rows;
    },
  );

  app.get(
    "/api/sermons/speakers",
    {
      config: member,
      schema: { summary: "The sermons' speakers", querystring: ZSpeakersQuery, response: { 200: z.array(z.string()) } },
    },
    async (req) => listSpeakers(req.churchCtx, req.query),
  );

  app.get(
    "/api/sermons/series",
    {
      config: member,
      schema: {
        summary: "A sermon series",
        description:
          "The series page's heading: its published sermons' count and first and last dates; 404 when it has none.",
        querystring: ZSeriesQuery,
        response: { 200: ZSermonSeries, 404: ZApiError },
      },
    },
    async (req) => getSeries(req.churchCtx, req.query.name),
  );

  // Public, so a shared link shows the sermon to a visitor; members of the church get their own view.
  app.get(
    "/api/sermons/:id",
    {
      config: { access: "public" },
      schema: {
        summary: "A sermon",
        description:
          "A member of its church gets the whole sermon (counting a view once a day); anyone else what a flyer would show.",
        params: ZIdParams,
        response: { 200: z.union([ZSermonDetail, ZPublicSermon]) },
      },
    },
    async (req) => {
      const user = await req.getUser();
      if (!user?.churchId) return getPublicSermon(app.db, req.params.id);
      // Public route: the access check put no context on the request, so the member is looked up here.
      return viewSermon(await requireMember(req), req.params.id);
    },
  );

  app.get(
    "/api/sermons/:id/related",
    { config: member, schema: { summary: "Related sermons", params: ZIdParams, response: { 200: z.array(ZSermon) } } },
    async (req) => listRelatedSermons(req.churchCtx, req.params.id, RELATED_SERMON_COUNT),
  );

  app.post(
    "/api/sermons/:id/watch",
    {
      config: member,
      schema: {
        summary: "Mark a sermon watched",
        description: "Pays its points once per sermon.",
        params: ZIdParams,
        response: { 200: ZWatchResult },
      },
    },
    async (req) => watchSermon(req.churchCtx, req.params.id),
  );

  app.post(
    "/api/sermons",
    { config: admin, schema: { summary: "Add a sermon", body: ZSermonBody, response: { 201: ZSermon } } },
    async (req, reply) => reply.code(201).send(await createSermon(req.churchCtx, req.body)),
  );

  app.put(
    "/api/sermons/:id",
    {
      config: admin,
      schema: { summary: "Change a sermon", params: ZIdParams, body: ZSermonBody, response: { 200: ZSermon } },
    },
    async (req) => updateSermon(req.churchCtx, req.params.id, req.body),
  );

  app.post(
    "/api/sermons/:id/publish",
    {
      config: admin,
      schema: { summary: "Publish a sermon draft", params: ZIdParams, response: { 200: ZSermon } },
    },
    async (req) => publishSermon(req.churchCtx, req.params.id),
  );

  app.delete(
    "/api/sermons/:id",
    { config: admin, schema: { summary: "Delete a sermon", params: ZIdParams, response: { 204: ZNoBody } } },
    async (req, reply) => {
      await deleteSermon(req.churchCtx, req.params.id);
      return reply.code(204).send();
    },
  );
};
