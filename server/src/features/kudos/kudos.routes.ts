import { ZApiError } from "@common/errors";
import {
  KUDOS_PER_HOUR,
  ZKudos,
  ZKudosBody,
  ZKudosListQuery,
  ZKudosReactionBody,
  ZKudosReactionResult,
  ZKudosRecipient,
  ZKudosRejectBody,
  ZPendingKudos,
} from "@common/kudos";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { linkNextPage } from "../../lib/list-page";
import { ZIdParams } from "../../lib/params";
import { preSerialized } from "../../plugins/openapi-answers";
import {
  createKudos,
  listKudosPageJson,
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
  app.get(
    "/api/kudos",
    {
      config: member,
      schema: {
        summary: "Kudos",
        description:
          "The church's approved kudos, newest first, 100 a page, with the caller's own pending and rejected ones; when older ones exist, `Link: <...>; rel=\"next\"` gives the next page's URL (its `after` cursor).",
        querystring: ZKudosListQuery,
        response: { 200: z.array(ZKudos) },
      },
    },
    async (req, reply) => {
      const page = await listKudosPageJson(req.churchCtx, kept, req.query.after);
      linkNextPage(req, reply, page.next);
      return reply.type("application/json; charset=utf-8").send(preSerialized(page.items));
    },
  );

  app.get(
    "/api/kudos/recipients",
    {
      config: member,
      schema: { summary: "Members the caller may recognize", response: { 200: z.array(ZKudosRecipient) } },
    },
    async (req) => listKudosRecipients(req.churchCtx),
  );

  app.post(
    "/api/kudos",
    {
      config: member,
      schema: {
        summary: "Give kudos",
        description: `Made pending, for an admin to approve. At most ${KUDOS_PER_HOUR} an hour per member (429 past it).`,
        body: ZKudosBody,
        response: { 201: ZKudos },
      },
    },
    async (req, reply) => reply.code(201).send(await createKudos(req.churchCtx, req.body)),
  );

  app.post(
    "/api/kudos/:kudosId/reaction",
    {
      config: member,
      schema: {
        summary: "Toggle a reaction",
        description: "409 on a kudos that was not approved.",
        params: ZKudosIdParams,
        body: ZKudosReactionBody,
        response: { 200: ZKudosReactionResult, 409: ZApiError },
      },
    },
    async (req) => toggleKudosReaction(req.churchCtx, req.params.kudosId, req.body.reaction),
  );

  app.get(
    "/api/admin/kudos/pending",
    { config: admin, schema: { summary: "Kudos waiting for approval", response: { 200: z.array(ZPendingKudos) } } },
    async (req) => listPendingKudos(req.churchCtx),
  );

  app.post(
    "/api/admin/kudos/:id/approve",
    {
      config: admin,
      schema: {
        summary: "Approve a kudos",
        description: "409 when already reviewed.",
        params: ZIdParams,
        response: { 200: ZPendingKudos, 409: ZApiError },
      },
    },
    async (req) => reviewKudos(req.churchCtx, req.params.id, { status: "approved" }),
  );

  app.post(
    "/api/admin/kudos/:id/reject",
    {
      config: admin,
      schema: {
        summary: "Reject a kudos",
        description: "The optional reason is told to its sender; 409 when already reviewed.",
        params: ZIdParams,
        body: ZKudosRejectBody,
        response: { 200: ZPendingKudos, 409: ZApiError },
      },
    },
    async (req) => reviewKudos(req.churchCtx, req.params.id, { status: "rejected", reason: req.body.reason }),
  );
};
