import { RELATED_SERMON_COUNT } from "@common/sermon-helpers";
import { ZSermonBody, ZSermonListQuery, ZSpeakersQuery } from "@common/sermons";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZIdParams } from "../../lib/params";
import { requireMember } from "../../plugins/auth";
import {
  createSermon,
  deleteSermon,
  getPublicSermon,
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

  app.get("/api/sermons", { config: member, schema: { querystring: ZSermonListQuery } }, async (req, reply) => {
    const ctx = req.churchCtx;
    const q = req.query;
    if (q.limit === undefined && !q.search && !q.speaker && !q.offset && !q.includeDrafts) {
      return app.sermonListCache.send(ctx, req, reply);
    }
    const { rows, total } = await listSermons(ctx, q);
    if (total !== null) reply.header("x-total-count", String(total));
    return rows;
  });

  app.get("/api/sermons/speakers", { config: member, schema: { querystring: ZSpeakersQuery } }, async (req) =>
    listSpeakers(req.churchCtx, req.query),
  );

  // Public, so a shared link shows the sermon to a visitor; members of the church get their own view.
  app.get("/api/sermons/:id", { config: { access: "public" }, schema: { params: ZIdParams } }, async (req) => {
    const user = await req.getUser();
    if (!user?.churchId) return getPublicSermon(app.db, req.params.id);
    // Public route: the access check put no context on the request, so the member is looked up here.
    return viewSermon(await requireMember(req), req.params.id);
  });

  app.get("/api/sermons/:id/related", { config: member, schema: { params: ZIdParams } }, async (req) =>
    listRelatedSermons(req.churchCtx, req.params.id, RELATED_SERMON_COUNT),
  );

  app.post("/api/sermons/:id/watch", { config: member, schema: { params: ZIdParams } }, async (req) =>
    watchSermon(req.churchCtx, req.params.id),
  );

  app.post("/api/sermons", { config: admin, schema: { body: ZSermonBody } }, async (req, reply) =>
    reply.code(201).send(await createSermon(req.churchCtx, req.body)),
  );

  app.put("/api/sermons/:id", { config: admin, schema: { params: ZIdParams, body: ZSermonBody } }, async (req) =>
    updateSermon(req.churchCtx, req.params.id, req.body),
  );

  app.post("/api/sermons/:id/publish", { config: admin, schema: { params: ZIdParams } }, async (req) =>
    publishSermon(req.churchCtx, req.params.id),
  );

  app.delete("/api/sermons/:id", { config: admin, schema: { params: ZIdParams } }, async (req, reply) => {
    await deleteSermon(req.churchCtx, req.params.id);
    return reply.code(204).send();
  });
};
