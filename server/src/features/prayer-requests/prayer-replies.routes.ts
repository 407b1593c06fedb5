import { ZApiError } from "@common/errors";
import { ZPrayerReply, ZPrayerReplyBody } from "@common/prayer-replies";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParams } from "../../lib/params";
import { createPrayerReply, listPrayerReplies } from "./prayer-replies.service";

/** Issue 28: a prayer request's private thread between its author and the church's pastors. */
export const prayerRepliesRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };

  app.get(
    "/api/prayer-requests/:id/replies",
    {
      config: member,
      schema: {
        summary: "A request's private replies",
        description:
          "For the request's author and the church's admins, and for a group's prayer (its id) that group's leaders (404 for anyone else). Oldest first; `author` is null for every reply the request's author wrote.",
        params: ZIdParams,
        response: { 200: z.array(ZPrayerReply), 404: ZApiError },
      },
    },
    async (req) => listPrayerReplies(req.churchCtx, req.params.id),
  );

  app.post(
    "/api/prayer-requests/:id/replies",
    {
      config: member,
      schema: {
        summary: "Reply privately to a request",
        description:
          "By the request's author, an admin, or for a group's prayer that group's leaders (404 for anyone else); 409 once the request is answered or hidden. The other side is notified.",
        params: ZIdParams,
        body: ZPrayerReplyBody,
        response: { 201: ZPrayerReply, 404: ZApiError, 409: ZApiError },
      },
    },
    async (req, reply) => reply.code(201).send(await createPrayerReply(req.churchCtx, req.params.id, req.body)),
  );
};
