import { ZApiError } from "@common/errors";
import { ZGroupPrayer, ZGroupPrayerBody, ZGroupPrayerListQuery, ZGroupPrayResult } from "@common/group-prayers";
import { ZGroupPost, ZGroupPostBody, ZGroupPostListQuery } from "@common/groups";
import { LIVE_MESSAGE_RATE } from "@common/live-helpers";
import { PRAYER_REQUESTS_PER_HOUR } from "@common/prayer";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParams } from "../../lib/params";
import { ZNoBody } from "../../plugins/openapi-answers";
import { createGroupPost, hideGroupPost, listGroupPosts } from "./group-posts.service";
import {
  createGroupPrayer,
  listGroupPrayers,
  markGroupPrayerAnswered,
  prayForGroupPrayer,
} from "./group-prayers.service";

const ZPostParams = z.object({ id: z.uuid(), postId: z.uuid() });
const ZPrayerParams = z.object({ id: z.uuid(), prayerId: z.uuid() });

/** A group's thread (issue 27): its posts, replies and moderation (new posts also reach `/ws`), and its prayer requests. */
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

  app.get(
    "/api/groups/:id/prayers",
    {
      config: member,
      schema: {
        summary: "A group's prayer requests",
        description:
          "Newest first, a page at a time (`before`: the id of the last request seen). The group's members, leaders and admins; an anonymous author is named to nobody.",
        params: ZIdParams,
        querystring: ZGroupPrayerListQuery,
        response: { 200: z.array(ZGroupPrayer) },
      },
    },
    async (req) => listGroupPrayers(req.churchCtx, req.params.id, req.query),
  );

  app.post(
    "/api/groups/:id/prayers",
    {
      config: member,
      schema: {
        summary: "Share a prayer request with a group",
        description: `By the group's members and leaders; seen only in the group, never on the church's wall. At most ${PRAYER_REQUESTS_PER_HOUR} an hour per member and group (429 past it).`,
        params: ZIdParams,
        body: ZGroupPrayerBody,
        response: { 201: ZGroupPrayer, 429: ZApiError },
      },
    },
    async (req, reply) => reply.code(201).send(await createGroupPrayer(req.churchCtx, req.params.id, req.body)),
  );

  app.post(
    "/api/groups/:id/prayers/:prayerId/prayed",
    {
      config: member,
      schema: {
        summary: "I prayed (a group's request)",
        description: "Counted once per person per request per day (the church's time zone); 409 once it is answered.",
        params: ZPrayerParams,
        response: { 200: ZGroupPrayResult, 409: ZApiError },
      },
    },
    async (req) => prayForGroupPrayer(req.churchCtx, req.params.id, req.params.prayerId),
  );

  app.patch(
    "/api/groups/:id/prayers/:prayerId/answered",
    {
      config: member,
      schema: {
        summary: "Mark a group's prayer request answered",
        description: "By its author only (403 for others).",
        params: ZPrayerParams,
        response: { 200: ZGroupPrayer },
      },
    },
    async (req) => markGroupPrayerAnswered(req.churchCtx, req.params.id, req.params.prayerId),
  );
};
