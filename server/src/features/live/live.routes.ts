import { ZApiError } from "@common/errors";
import {
  ZLiveEvent,
  ZLiveMessage,
  ZLiveMessageBody,
  ZLiveModerator,
  ZLiveModeratorsBody,
  ZLiveSettingsBody,
  ZLiveStartBody,
  ZLiveStatus,
  ZLiveStream,
} from "@common/live";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZNoBody } from "../../plugins/openapi-answers";
import {
  deleteMessage,
  getLiveEvent,
  getMessages,
  getModerators,
  getStatus,
  listRecentStreams,
  postMessage,
  setModerators,
  startStream,
  stopStream,
  updateStream,
} from "./live.service";
import { defineLiveRetention } from "./live-retention";

const ZEventParams = z.object({ eventId: z.uuid() });
const ZMessageParams = z.object({ eventId: z.uuid(), messageId: z.uuid() });

/** The live stream (issue 10): members watch and chat; admins start, stop, set up and moderate. */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };
  const admin = { access: "admin" as const };
  const live = app.live;
  // The daily removal of chat messages past each church's retention (issue 28).
  defineLiveRetention(app);

  // Spec 1 §7: "current live event"; null when nothing is live.
  app.get(
    "/api/events/live",
    {
      config: member,
      schema: {
        summary: "The live event",
        description: "The church's event streaming now, or null.",
        response: { 200: ZLiveEvent.nullable() },
      },
    },
    async (req) => getLiveEvent(req.churchCtx, live),
  );

  app.get(
    "/api/live-stream/messages/:eventId",
    {
      config: member,
      schema: {
        summary: "The live chat's messages",
        description: "404 when that event is not live.",
        params: ZEventParams,
        response: { 200: z.array(ZLiveMessage) },
      },
    },
    async (req) => getMessages(req.churchCtx, live, req.params.eventId),
  );
  app.post(
    "/api/live-stream/:eventId/message",
    {
      config: member,
      schema: {
        summary: "Send a chat message",
        description: "409 when the chat is closed; 429 when sent too fast.",
        params: ZEventParams,
        body: ZLiveMessageBody,
        response: { 201: ZLiveMessage, 409: ZApiError },
      },
    },
    async (req, reply) => reply.code(201).send(await postMessage(req.churchCtx, live, req.params.eventId, req.body)),
  );
  app.delete(
    "/api/live-stream/:eventId/messages/:messageId",
    {
      config: member,
      schema: {
        summary: "Delete a chat message",
        description: "Admins and moderators only (403 for others).",
        params: ZMessageParams,
        response: { 204: ZNoBody },
      },
    },
    async (req, reply) => {
      await deleteMessage(req.churchCtx, live, req.params.eventId, req.params.messageId);
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/live-stream/status",
    { config: admin, schema: { summary: "Whether the church is live", response: { 200: ZLiveStatus } } },
    async (req) => getStatus(req.churchCtx, live),
  );
  app.get(
    "/api/live-stream/history",
    { config: admin, schema: { summary: "Recent streams", response: { 200: z.array(ZLiveStream) } } },
    async (req) => listRecentStreams(req.churchCtx, live),
  );
  app.post(
    "/api/live-stream/start",
    {
      config: admin,
      schema: {
        summary: "Go live",
        description: "409 when a stream is already live.",
        body: ZLiveStartBody,
        response: { 201: ZLiveStream, 409: ZApiError },
      },
    },
    async (req, reply) => reply.code(201).send(await startStream(req.churchCtx, live, req.body)),
  );
  app.post(
    "/api/live-stream/stop",
    {
      config: admin,
      schema: {
        summary: "End the stream",
        description: "With recording on and a stream URL, adds a sermon draft; 409 when nothing is live.",
        response: { 200: ZLiveStream, 409: ZApiError },
      },
    },
    async (req) => stopStream(req.churchCtx, live),
  );
  app.patch(
    "/api/live-stream",
    {
      config: admin,
      schema: {
        summary: "Change the live stream's settings",
        description: "Only the fields sent change; 409 when nothing is live.",
        body: ZLiveSettingsBody,
        response: { 200: ZLiveStream, 409: ZApiError },
      },
    },
    async (req) => updateStream(req.churchCtx, live, req.body),
  );
  app.get(
    "/api/live-stream/moderators",
    { config: admin, schema: { summary: "Chat moderators", response: { 200: z.array(ZLiveModerator) } } },
    async (req) => getModerators(req.churchCtx),
  );
  app.put(
    "/api/live-stream/moderators",
    {
      config: admin,
      schema: {
        summary: "Set the chat moderators",
        description: "The whole list; each must be a member of the church.",
        body: ZLiveModeratorsBody,
        response: { 200: z.array(ZLiveModerator) },
      },
    },
    async (req) => setModerators(req.churchCtx, live, req.body),
  );
};
