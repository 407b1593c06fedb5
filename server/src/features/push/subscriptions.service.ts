import type { TLanguage } from "@common/i18n/locales";
import type {
  TPushPayload,
  TPushPreferences,
  TPushState,
  TPushSubscription,
  ZPushPreferencesBody,
  ZPushSubscribeBody,
} from "@common/notifications";
import type { z } from "zod";
import type { TChurchCtx } from "../../lib/context";
import { badRequest } from "../../lib/errors";
import { notificationWord } from "../../lib/notification-text";
import {
  deleteMySubscriptions,
  findMyTargets,
  findPreferences,
  hasSubscription,
  upsertPreferences,
  upsertSubscription,
} from "./push.repo";
import type { PushService, TSendTally } from "./push.service";

/**
 * What the test push shows, in the language of the member who pressed the button; it opens the
 * Mobile App page, where they pressed it.
 */
export const testPayload = (language: TLanguage): TPushPayload => ({
  title: notificationWord(language, "test.title"),
  body: notificationWord(language, "test.body"),
  url: "/mobile-settings",
  tag: "test",
});

/** `GET /api/notifications/push`: the public VAPID key, whether the caller has a device subscribed, and their preferences. */
export async function getPushState(ctx: TChurchCtx, push: PushService): Promise<TPushState> {
  const [keys, subscribed, preferences] = await Promise.all([
    push.vapidKeys(),
    hasSubscription(ctx),
    findPreferences(ctx),
  ]);
  return { publicKey: keys.publicKey, subscribed, preferences };
}

/**
 * `POST /api/notifications/subscribe`: checks that the endpoint is one the server may send to (400
 * otherwise), then stores the subscription for the caller (moving it from whoever had that endpoint)
 * and any preferences given.
 */
export async function subscribe(
  ctx: TChurchCtx,
  push: PushService,
  body: z.output<typeof ZPushSubscribeBody>,
): Promise<TPushState> {
  await push.assertAllowedEndpoint(body.subscription.endpoint);
  const subscription: TPushSubscription = body.subscription;
  await ctx.db.transaction(async (tx) => {
    await upsertSubscription(tx, ctx, subscription);
    if (body.preferences) await upsertPreferences(tx, ctx.userId, body.preferences);
  });
  return getPushState(ctx, push);
}

/** `POST /api/notifications/unsubscribe`: the caller's subscription with that endpoint, or all of the caller's. */
export async function unsubscribe(ctx: TChurchCtx, push: PushService, endpoint: string | null): Promise<TPushState> {
  await deleteMySubscriptions(ctx, endpoint);
  return getPushState(ctx, push);
}

/** `PUT /api/notifications/preferences`: changes the preferences given, keeps the others. */
export async function updatePushPreferences(
  ctx: TChurchCtx,
  push: PushService,
  body: z.output<typeof ZPushPreferencesBody>,
): Promise<TPushState> {
  await upsertPreferences(ctx.db, ctx.userId, body.preferences as Partial<TPushPreferences>);
  return getPushState(ctx, push);
}

const NO_DEVICE = "No device of yours is subscribed to push notifications. Enable notifications first.";

/**
 * `POST /api/notifications/test`: "Test Notification" to each of the caller's devices, now, answering
 * how many it reached. 400 when there is no device, or none took it (the page shows the reason).
 */
export async function sendTestPush(ctx: TChurchCtx, push: PushService, language: TLanguage): Promise<TSendTally> {
  const targets = await findMyTargets(ctx, testPayload(language));
  if (targets.length === 0) throw badRequest(NO_DEVICE);
  const tally = await push.sendNow(ctx, targets);
  if (tally.sent > 0) return tally;
  // Every device's push service said it is gone: the subscriptions are forgotten.
  if (tally.failed === 0) throw badRequest(NO_DEVICE);
  throw badRequest("The push service did not accept the test notification. Please try again later.");
}
