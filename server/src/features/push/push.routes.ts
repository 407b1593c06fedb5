import { ZApiError } from "@common/errors";
import {
  ZPushPreferencesBody,
  ZPushState,
  ZPushSubscribeBody,
  ZPushTestResult,
  ZPushUnsubscribeBody,
} from "@common/notifications";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getPushState, sendTestPush, subscribe, unsubscribe, updatePushPreferences } from "./subscriptions.service";

/** Test pushes one member may send per window (each goes to every device of theirs). */
const TESTS_PER_WINDOW = 10;
/** Subscriptions one member may post per window (each resolves the endpoint's host). */
const SUBSCRIBES_PER_WINDOW = 30;

/**
 * `GET /api/notifications/push`, `POST /api/notifications/subscribe`, `unsubscribe`,
 * `PUT /api/notifications/preferences`, `POST /api/notifications/test` (spec 2 §7, issue 11): each
 * member reads and changes only their own subscriptions and preferences.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const push = app.push;
  push.setUp(app.jobs, app.config);
  app.addHook("onClose", async () => push.close());

  const member = { access: "member" as const };
  const perMember = (name: string, max: number) => ({
    max,
    timeWindow: "15 minutes",
    keyGenerator: async (req: { getUser: () => Promise<{ id: string } | null>; ip: string }) => {
      const user = await req.getUser();
      return user ? `${name}:${user.id}` : `${name}-ip:${req.ip}`;
    },
  });

  app.get(
    "/api/notifications/push",
    {
      config: member,
      schema: {
        summary: "Push notifications: key and state",
        description: "The server's public VAPID key, whether the caller has a subscription, and their preferences.",
        response: { 200: ZPushState },
      },
    },
    async (req) => getPushState(req.churchCtx, push),
  );

  app.post(
    "/api/notifications/subscribe",
    {
      config: { ...member, rateLimit: perMember("push-subscribe", SUBSCRIBES_PER_WINDOW) },
      schema: {
        summary: "Subscribe this device",
        description: "A browser's PushSubscription; its endpoint must be a public push service (400 otherwise).",
        body: ZPushSubscribeBody,
        response: { 200: ZPushState },
      },
    },
    async (req) => subscribe(req.churchCtx, push, req.body),
  );

  app.post(
    "/api/notifications/unsubscribe",
    {
      config: member,
      schema: {
        summary: "Unsubscribe",
        description: "One endpoint, or without one every device of the caller.",
        body: ZPushUnsubscribeBody,
        response: { 200: ZPushState },
      },
    },
    async (req) => unsubscribe(req.churchCtx, push, req.body.endpoint),
  );

  app.put(
    "/api/notifications/preferences",
    {
      config: member,
      schema: {
        summary: "Change push preferences",
        description: "Only the preferences sent change.",
        body: ZPushPreferencesBody,
        response: { 200: ZPushState },
      },
    },
    async (req) => updatePushPreferences(req.churchCtx, push, req.body),
  );

  app.post(
    "/api/notifications/test",
    {
      config: { ...member, rateLimit: perMember("push-test", TESTS_PER_WINDOW) },
      schema: {
        summary: "Send a test notification",
        description: "To each of the caller's devices; 400 when none is subscribed or none accepted it.",
        response: { 200: ZPushTestResult, 400: ZApiError },
      },
    },
    async (req) => sendTestPush(req.churchCtx, push, await req.getLanguage()),
  );
};
