import {
  DEFAULT_PUSH_PREFERENCES,
  NOTIFICATION_KINDS,
  PUSH_PREFERENCE_KEYS,
  type TNotificationKind,
  type TPushPayload,
  type TPushPreferences,
  type TPushSubscription,
} from "@common/notifications";
import { and, count, desc, eq, notInArray, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { churches } from "../../db/schema/churches";
import { notifications, pushPreferences, pushSubscriptions } from "../../db/schema/community";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
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

/** The member's push preferences: the stored ones, else spec 2 §9's defaults. */
export async function findPreferences(ctx: TChurchCtx): Promise<TPushPreferences> {
  const [row] = await ctx.db.select().from(pushPreferences).where(eq(pushPreferences.userId, ctx.userId));
  if (!row) return { ...DEFAULT_PUSH_PREFERENCES };
  return Object.fromEntries(PUSH_PREFERENCE_KEYS.map((k) => [k, row[k]])) as TPushPreferences;
}

/** Stores the given preferences (the rest keep their stored or default values). */
export async function upsertPreferences(db: TDb, userId: string, changes: Partial<TPushPreferences>): Promise<void> {
  const set = Object.fromEntries(PUSH_PREFERENCE_KEYS.filter((k) => k in changes).map((k) => [k, changes[k]]));
  if (Object.keys(set).length === 0) return;
  await db
    .insert(pushPreferences)
    .values({ userId, ...DEFAULT_PUSH_PREFERENCES, ...set })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: { ...set, updatedAt: sql`now()` } });
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
 * member's push preference for its kind is on (stored, else the default; kind "test" always goes).
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
      prefs: {
        prayerRequests: pushPreferences.prayerRequests,
        liveStreams: pushPreferences.liveStreams,
        events: pushPreferences.events,
        sermons: pushPreferences.sermons,
        announcements: pushPreferences.announcements,
      },
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
    .leftJoin(pushPreferences, eq(pushPreferences.userId, notifications.userId))
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(churches, eq(churches.id, notifications.churchId))
    .where(inChurch(notifications, church, sql`${notifications.id} = any(${anyOf(ids)}::uuid[])`));
  return rows
    .filter((r) => {
      const kind = NOTIFICATION_KINDS[r.kind as TNotificationKind];
      if (!kind) return false;
      if (kind.push === null) return true;
      return r.prefs?.[kind.push] ?? DEFAULT_PUSH_PREFERENCES[kind.push];
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
