import { NOTIFICATION_KINDS, type TNotificationKind } from "@common/notifications";
import { eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { TDb } from "../../db/client";
import { notifications } from "../../db/schema/community";
import { userPreferences } from "../../db/schema/growth";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import { addJob, type TJobSpec } from "../../lib/jobs";

/**
 * Who a notification is for, always within one church: named members, every member, or its admins.
 * Members no longer in the church are left out whatever the list says.
 */
export type TNotifyAudience = { userIds: string[] } | { everyone: true } | { admins: true };

export type TNotifyInput = {
  kind: TNotificationKind;
  to: TNotifyAudience;
  /** Left out of the audience (the member whose action raised it). */
  except?: string | null;
  title: string;
  message: string;
  /** The page it opens, a path of this app ("/sermons/<id>"). */
  link: string | null;
  /** The sermon, event, kudos or prayer request it is about. */
  relatedId?: string | null;
  /** A member gets at most one notification with the same key (e.g. `prayed:<request>:<day>`). */
  dedupeKey?: string | null;
};

/**
 * The delivery job one `notify` queues when it stored anything: every app process's sockets of those
 * members are told at once, and their subscribed devices get a web push (see notifications.jobs.ts).
 */
export const ZDeliverJob = z.object({ churchId: z.uuid(), ids: z.array(z.uuid()).max(20_000) });
export const DELIVER_JOB: TJobSpec<z.infer<typeof ZDeliverJob>> = {
  name: "notifications.deliver",
  payload: ZDeliverJob,
  maxAttempts: 3,
};

/**
 * The profile preference (spec 2 §3, all on by default) that lets a kind reach the in-app list; kinds
 * not listed always do. Push has its own preferences, applied when sending.
 */
const PROFILE_PREFERENCE: Partial<Record<TNotificationKind, keyof typeof PREF_COLUMNS>> = {
  sermon_published: "sermonNotifications",
  event_published: "eventNotifications",
  live_started: "eventNotifications",
  prayer_answered: "prayerReminders",
  prayer_prayed: "prayerReminders",
  prayer_partner: "prayerReminders",
};
const PREF_COLUMNS = {
  sermonNotifications: userPreferences.sermonNotifications,
  eventNotifications: userPreferences.eventNotifications,
  prayerReminders: userPreferences.prayerReminders,
};

/**
 * The one way a feature tells members something (issue 11): stores a notification for each member of
 * the audience in the caller's transaction (so a write that rolls back notifies nobody) and queues
 * its delivery, which runs after the commit. Call it from the service, inside the transaction that
 * makes the news:
 *
 *     await notify(tx, ctx, { kind: "sermon_published", to: { everyone: true }, except: ctx.userId,
 *       title: "New sermon", message: sermon.title, link: `/sermons/${sermon.id}`, relatedId: sermon.id });
 *
 * A new kind is one entry in `NOTIFICATION_KINDS` (common/notifications.ts): its spec type and push
 * preference. Returns how many members it stored a notification for.
 */
export async function notify(db: TDb, church: { churchId: string }, input: TNotifyInput): Promise<number> {
  const audience = audienceCondition(input.to);
  if (!audience) return 0;
  const prefKey = PROFILE_PREFERENCE[input.kind];
  const prefOn = prefKey ? sql`coalesce(${PREF_COLUMNS[prefKey]}, true)` : sql`true`;
  const type = NOTIFICATION_KINDS[input.kind].type;
  const recipients = db
    // insert ... select writes every column of the table in its order: keep these in that order.
    .select({
      id: sql`gen_random_uuid()`.as("id"),
      churchId: users.churchId,
      userId: users.id,
      type: sql`${type}`.as("type"),
      kind: sql`${input.kind}`.as("kind"),
      title: sql`${input.title.slice(0, 200)}`.as("title"),
      message: sql`${input.message.slice(0, 500)}`.as("message"),
      link: sql`${input.link}`.as("link"),
      relatedId: sql`${input.relatedId ?? null}::uuid`.as("related_id"),
      dedupeKey: sql`${input.dedupeKey ?? null}`.as("dedupe_key"),
      isRead: sql`false`.as("is_read"),
      createdAt: sql`now()`.as("created_at"),
    })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(inChurch(users, church, audience, input.except ? ne(users.id, input.except) : undefined, prefOn));
  const rows = await db
    .insert(notifications)
    .select(recipients as never)
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (rows.length > 0) await addJob(db, DELIVER_JOB, { churchId: church.churchId, ids: rows.map((r) => r.id) });
  return rows.length;
}

function audienceCondition(to: TNotifyAudience): SQL | undefined {
  if ("everyone" in to) return sql`true`;
  if ("admins" in to) return or(eq(users.role, "ADMIN"), eq(users.role, "SUPER_ADMIN"));
  return to.userIds.length > 0 ? inArray(users.id, to.userIds) : undefined;
}
