import { ZApiError } from "@common/errors";
import { ZGroupPost, ZGroupPostBody, ZGroupPostListQuery } from "@common/groups";
import { LIVE_MESSAGE_RATE } from "@common/live-helpers";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParams } from "../../lib/params";
import { ZNoBody } from "../../plugins/openapi-answers";
import { createGroupPost, hideGroupPost, listGroupPosts } from "./group-posts.service";

const ZPostParams = z.object({ id: z.uuid(), postId: z.uuid() });

/** A group's thread (issue 27): its posts, replies and moderation; new posts also reach `/ws`. */
export const groupThreadRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };

  app.get(
    "/api/groups/:id/posts",
    {
      config: member,
      schema: {
        summary: "A group's thread",
        description:
          "Newest first, a page at a time: `before` is the id of the last post seen. The group's members, leaders and admins (403 for others).",
        params: ZIdParams,
        querystring: ZGroupPostListQuery,
        response: { 200: z.array(ZGroupPost) },
      },
    },
    async (req) => listGroupPosts(req.churchCtx, req.params.id, req.query),
  );

  app.post(
    "/api/groups/:id/posts",
    {
      config: member,
      schema: {
        summary: "Post in a group's thread",
        description: `By the group's members and leaders; a reply names its \`parentId\`. At most ${LIVE_MESSAGE_RATE.count} every ${LIVE_MESSAGE_RATE.seconds} seconds (429 past it).`,
        params: ZIdParams,
        body: ZGroupPostBody,
        response: { 201: ZGroupPost, 429: ZApiError },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await createGroupPost(req.churchCtx, app.groupHub, req.params.id, req.body)),
  );

  app.delete(
    "/api/groups/:id/posts/:postId",
    {
      config: member,
      schema: {
        summary: "Remove a post from a group's thread",
        description: "By its author, the group's leaders and admins: the post is hidden from every reader.",
        params: ZPostParams,
        response: { 204: ZNoBody },
      },
    },
    async (req, reply) => {
      await hideGroupPost(req.churchCtx, app.groupHub, req.params.id, req.params.postId);
      return reply.code(204).send();
    },
  );
};
