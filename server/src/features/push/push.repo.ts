import {
  NOTIFICATION_KINDS,
  type TNotificationKind,
  type TPushPayload,
  type TPushPreferences,
  type TPushSubscription,
} from "@common/notifications";
import { and, count, desc, eq, notInArray, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { churches } from "../../db/schema/churches";
import { notificationChannels, notifications, pushSubscriptions } from "../../db/schema/community";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import {
  channelOfKindSql,
  findChannels,
  pushOnSql,
  saveChannels,
  type TChannelsChange,
} from "../../lib/notification-channels";
import { readStoredText, recipientLanguage } from "../../lib/notification-text";
import type { TPushTarget } from "./push-send";

/** A member keeps at most this many subscribed devices; subscribing another forgets the oldest. */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 20;

/** One push to send: a subscription, and what to show (from a stored notification, or the test). */
export type TDeliveryTarget = TPushTarget & {
  subscriptionId: string;
  notificationId: string | null;
  payload: TPushPayload;
};

/** The caller's own subscriptions in their church: every member-facing read and write starts from it. */
const mine = (ctx: TChurchCtx, ...conditions: (SQL | undefined)[]) =>
  inChurch(pushSubscriptions, ctx, eq(pushSubscriptions.userId, ctx.userId), ...conditions);

const anyOf = (ids: string[]) => sql.param(ids);

/**
 * The member's push preferences of spec 2 §7, as a view of their channels (issue 29): prayerRequests
 * is the "prayer" kind's push, events, sermons and announcements their own kinds'; liveStreams is the
 * "events" kind's push too (a live stream is an event of the church now: live_started's channel).
 */
export async function findPreferences(ctx: TChurchCtx): Promise<TPushPreferences> {
  const c = await findChannels(ctx.db, ctx.userId);
  return {
    prayerRequests: c.prayer.push,
    liveStreams: c.events.push,
    events: c.events.push,
    sermons: c.sermons.push,
    announcements: c.announcements.push,
  };
}

/**
 * Stores the given preferences as the push of their channels (the rest keep theirs). liveStreams and
 * events are one channel: when both are given, `events` decides.
 */
export async function upsertPreferences(db: TDb, userId: string, changes: Partial<TPushPreferences>): Promise<void> {
  const change: TChannelsChange = {};
  if (changes.prayerRequests !== undefined) change.prayer = { push: changes.prayerRequests };
  const events = changes.events ?? changes.liveStreams;
  if (events !== undefined) change.events = { push: events };
  if (changes.sermons !== undefined) change.sermons = { push: changes.sermons };
  if (changes.announcements !== undefined) change.announcements = { push: changes.announcements };
  if (Object.keys(change).length === 0) return;
  await saveChannels(db, userId, change);
}

export async function hasSubscription(ctx: TChurchCtx): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(pushSubscriptions).where(mine(ctx));
  return row.n > 0;
}

/**
 * Stores the browser's subscription for the caller. The endpoint identifies the browser's
 * subscription: one already stored (the same browser subscribing again, or a shared device another
 * member used) becomes the caller's, with the keys it carries now. Only the newest
 * MAX_SUBSCRIPTIONS_PER_MEMBER of the caller's are kept.
 */
export async function upsertSubscription(db: TDb, ctx: TChurchCtx, sub: TPushSubscription): Promise<void> {
  const row = {
    churchId: ctx.churchId,
    userId: ctx.userId,
    p256dh: sub.keys.p256dh,
    auth: sub.keys.auth,
    failures: 0,
    lastSuccessAt: null,
    createdAt: sql`now()`,
  };
  await db
    .insert(pushSubscriptions)
    .values({ ...row, endpoint: sub.endpoint })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
  const keep = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(mine(ctx))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(MAX_SUBSCRIPTIONS_PER_MEMBER);
  await db.delete(pushSubscriptions).where(mine(ctx, notInArray(pushSubscriptions.id, keep)));
}

/** Deletes the caller's subscription with `endpoint`, or (null) all of the caller's; never another member's. */
export async function deleteMySubscriptions(ctx: TChurchCtx, endpoint: string | null): Promise<number> {
  const rows = await ctx.db
    .delete(pushSubscriptions)
    .where(mine(ctx, endpoint === null ? undefined : eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

/** The caller's subscriptions, each with `payload`. */
export async function findMyTargets(ctx: TChurchCtx, payload: TPushPayload): Promise<TDeliveryTarget[]> {
  const rows = await ctx.db.select(targetColumns).from(pushSubscriptions).where(mine(ctx));
  return rows.map((r) => ({ ...r, notificationId: null, payload }));
}

const targetColumns = {
  subscriptionId: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
};

/**
 * Each of the notifications `ids` of the church with each subscribed device of its member, where the
 * member's push for its kind's channel is on (issue 29: their choice, else the default; kind "test"
 * always goes).
 * With `subscriptionId`, that device only (a retry). Each push reads in its member's language (their
 * choice, else the church's default, else English), whoever raised it.
 */
export async function findDeliveryTargets(
  db: TDb,
  church: { churchId: string },
  ids: string[],
  subscriptionId?: string,
): Promise<TDeliveryTarget[]> {
  const rows = await db
    .select({
      ...targetColumns,
      notificationId: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      message: notifications.message,
      titleKey: notifications.titleKey,
      messageKey: notifications.messageKey,
      textValues: notifications.textValues,
      language: users.language,
      churchLanguage: churches.defaultLanguage,
      link: notifications.link,
      relatedId: notifications.relatedId,
      isPushOn: pushOnSql(notificationChannels.channels, channelOfKindSql(notifications.kind)),
    })
    .from(notifications)
    .innerJoin(
      pushSubscriptions,
      and(
        eq(pushSubscriptions.userId, notifications.userId),
        inChurch(pushSubscriptions, church),
        subscriptionId ? eq(pushSubscriptions.id, subscriptionId) : undefined,
      ),
    )
    .leftJoin(notificationChannels, eq(notificationChannels.userId, notifications.userId))
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(churches, eq(churches.id, notifications.churchId))
    .where(inChurch(notifications, church, sql`${notifications.id} = any(${anyOf(ids)}::uuid[])`));
  return rows
    .filter((r) => {
      const kind = NOTIFICATION_KINDS[r.kind as TNotificationKind];
      if (!kind) return false;
      if (kind.channel === null) return true;
      return r.isPushOn === true;
    })
    .map((r) => {
      const words = readStoredText(recipientLanguage(r.language, r.churchLanguage), r);
      return {
        subscriptionId: r.subscriptionId,
        endpoint: r.endpoint,
        p256dh: r.p256dh,
        auth: r.auth,
        notificationId: r.notificationId,
        payload: {
          title: words.title,
          body: words.message,
          url: r.link ?? "/",
          // Notifications about the same thing replace each other on the device; others stand alone.
          tag: r.relatedId ? `${r.kind}:${r.relatedId}` : r.notificationId,
          // Issue 29: the service worker tells the server it was opened (no e-mail of it then).
          notificationId: r.notificationId,
        },
      };
    });
}

/** A device that took a push: its run of failures is over. */
export async function recordSuccesses(db: TDb, church: { churchId: string }, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ failures: 0, lastSuccessAt: sql`now()` })
    .where(inChurch(pushSubscriptions, church, sql`${pushSubscriptions.id} = any(${anyOf(ids)}::uuid[])`));
}

/** Devices whose push service failed or refused: counted (consecutive failures). */
export async function recordFailures(db: TDb, church: { churchId: string }, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(inChurch(pushSubscriptions, church, sql`${pushSubscriptions.id} = any(${anyOf(ids)}::uuid[])`));
}

/** Subscriptions their push service says are gone (404/410). */
export async function deleteSubscriptions(db: TDb, church: { churchId: string }, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .delete(pushSubscriptions)
    .where(inChurch(pushSubscriptions, church, sql`${pushSubscriptions.id} = any(${anyOf(ids)}::uuid[])`));
}
