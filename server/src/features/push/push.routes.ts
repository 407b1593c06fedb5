import { ZPushPreferencesBody, ZPushSubscribeBody, ZPushUnsubscribeBody } from "@common/notifications";
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

  app.get("/api/notifications/push", { config: member }, async (req) => getPushState(req.churchCtx, push));

  app.post(
    "/api/notifications/subscribe",
    {
      config: { ...member, rateLimit: perMember("push-subscribe", SUBSCRIBES_PER_WINDOW) },
      schema: { body: ZPushSubscribeBody },
    },
    async (req) => subscribe(req.churchCtx, push, req.body),
  );

  app.post("/api/notifications/unsubscribe", { config: member, schema: { body: ZPushUnsubscribeBody } }, async (req) =>
    unsubscribe(req.churchCtx, push, req.body.endpoint),
  );

  app.put("/api/notifications/preferences", { config: member, schema: { body: ZPushPreferencesBody } }, async (req) =>
    updatePushPreferences(req.churchCtx, push, req.body),
  );

  app.post(
    "/api/notifications/test",
    { config: { ...member, rateLimit: perMember("push-test", TESTS_PER_WINDOW) } },
    async (req) => sendTestPush(req.churchCtx, push),
  );
};
