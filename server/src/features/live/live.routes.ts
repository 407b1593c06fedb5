import { ZLiveMessageBody, ZLiveModeratorsBody, ZLiveSettingsBody, ZLiveStartBody } from "@common/live";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
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

const ZEventParams = z.object({ eventId: z.uuid() });
const ZMessageParams = z.object({ eventId: z.uuid(), messageId: z.uuid() });

/** The live stream (issue 10): members watch and chat; admins start, stop, set up and moderate. */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };
  const admin = { access: "admin" as const };
  const live = app.live;

  // Spec 1 §7: "current live event"; null when nothing is live.
  app.get("/api/events/live", { config: member }, async (req) => getLiveEvent(req.churchCtx, live));

  app.get("/api/live-stream/messages/:eventId", { config: member, schema: { params: ZEventParams } }, async (req) =>
    getMessages(req.churchCtx, live, req.params.eventId),
  );
  app.post(
    "/api/live-stream/:eventId/message",
    { config: member, schema: { params: ZEventParams, body: ZLiveMessageBody } },
    async (req, reply) => reply.code(201).send(await postMessage(req.churchCtx, live, req.params.eventId, req.body)),
  );
  app.delete(
    "/api/live-stream/:eventId/messages/:messageId",
    { config: member, schema: { params: ZMessageParams } },
    async (req, reply) => {
      await deleteMessage(req.churchCtx, live, req.params.eventId, req.params.messageId);
      return reply.code(204).send();
    },
  );

  app.get("/api/live-stream/status", { config: admin }, async (req) => getStatus(req.churchCtx, live));
  app.get("/api/live-stream/history", { config: admin }, async (req) => listRecentStreams(req.churchCtx, live));
  app.post("/api/live-stream/start", { config: admin, schema: { body: ZLiveStartBody } }, async (req, reply) =>
    reply.code(201).send(await startStream(req.churchCtx, live, req.body)),
  );
  app.post("/api/live-stream/stop", { config: admin }, async (req) => stopStream(req.churchCtx, live));
  app.patch("/api/live-stream", { config: admin, schema: { body: ZLiveSettingsBody } }, async (req) =>
    updateStream(req.churchCtx, live, req.body),
  );
  app.get("/api/live-stream/moderators", { config: admin }, async (req) => getModerators(req.churchCtx));
  app.put("/api/live-stream/moderators", { config: admin, schema: { body: ZLiveModeratorsBody } }, async (req) =>
    setModerators(req.churchCtx, live, req.body),
  );
};
