import { ZKudosBody, ZKudosReactionBody, ZKudosRejectBody } from "@common/kudos";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParams } from "../../lib/params";
import {
  createKudos,
  listKudosJson,
  listKudosRecipients,
  listPendingKudos,
  reviewKudos,
  toggleKudosReaction,
} from "./kudos.service";
import { KudosListCache } from "./kudos-list-cache";

/** A malformed id names no kudos: the error handler answers 404, as for another church's. */
const ZKudosIdParams = z.object({ kudosId: z.uuid() });

/** `/api/kudos` and `/api/admin/kudos` (issue 11): member recognition, its reactions and its approval queue. */
export const kudosRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };
  const admin = { access: "admin" as const };

  const kept = new KudosListCache(app.db, app.cacheBus);
  app.get("/api/kudos", { config: member }, async (req, reply) =>
    reply.type("application/json; charset=utf-8").send(await listKudosJson(req.churchCtx, kept)),
  );

  app.get("/api/kudos/recipients", { config: member }, async (req) => listKudosRecipients(req.churchCtx));

  app.post("/api/kudos", { config: member, schema: { body: ZKudosBody } }, async (req, reply) =>
    reply.code(201).send(await createKudos(req.churchCtx, req.body)),
  );

  app.post(
    "/api/kudos/:kudosId/reaction",
    { config: member, schema: { params: ZKudosIdParams, body: ZKudosReactionBody } },
    async (req) => toggleKudosReaction(req.churchCtx, req.params.kudosId, req.body.reaction),
  );

  app.get("/api/admin/kudos/pending", { config: admin }, async (req) => listPendingKudos(req.churchCtx));

  app.post("/api/admin/kudos/:id/approve", { config: admin, schema: { params: ZIdParams } }, async (req) =>
    reviewKudos(req.churchCtx, req.params.id, { status: "approved" }),
  );

  app.post(
    "/api/admin/kudos/:id/reject",
    { config: admin, schema: { params: ZIdParams, body: ZKudosRejectBody } },
    async (req) => reviewKudos(req.churchCtx, req.params.id, { status: "rejected", reason: req.body.reason }),
  );
};
