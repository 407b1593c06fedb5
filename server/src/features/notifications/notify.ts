import { NOTIFICATION_KINDS, type TNotificationKind } from "@common/notifications";
import { and, eq, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { TDb } from "../../db/client";
import { notifications } from "../../db/schema/community";
import { userPreferences } from "../../db/schema/growth";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import { addJob, type TJobSpec } from "../../lib/jobs";
import { englishText, type TNotificationText } from "../../lib/notification-text";

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
  /**
   * Only members who had joined by then (a subscriber passes its event's time): news from before a
   * member joined is not theirs, even when the queue delivers it after they joined.
   */
  joinedBy?: Date;
  /**
   * What it says, as keys of the `notifications` catalogue and their values: each member reads it in
   * their own language (lib/notification-text.ts); the English is stored beside the keys.
   */
  text: TNotificationText;
  /** The page it opens, a path of this app ("/sermons/<id>"). */
  link: string | null;
  /** The sermon, event, kudos or prayer request it is about. */
  relatedId?: string | null;
  /** A member gets at most one notification with the same key (e.g. `prayed:<request>:<day>`). */
  dedupeKey?: string | null;
  /** Issue 29: goes by e-mail at once (an urgent announcement), unless the member chose "never". */
  urgent?: boolean;
};

/**
 * The delivery job one `notify` queues when it stored anything: every app process's sockets of those
 * members are told at once, and their subscribed devices get a web push (see notifications.jobs.ts).
 */
export const ZDeliverJob = z.object({
  churchId: z.uuid(),
  ids: z.array(z.uuid()).max(20_000),
  /** Issue 29: an urgent announcement goes by e-mail at once to every member who has not chosen "never". */
  urgent: z.boolean().optional(),
});
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
  group_meeting_reminder: "eventNotifications",
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
 *       text: { title: "sermon_published.title", message: "sermon_published.message",
 *         values: { title: sermon.title, speaker: sermon.speaker } }, link: `/sermons/${sermon.id}`, relatedId: sermon.id });
 *
 * A new kind is one entry in `NOTIFICATION_KINDS` (common/notifications.ts): its spec type and push
 * preference. Returns how many members it stored a notification for.
 */
export async function notify(db: TDb, church: { churchId: string }, input: TNotifyInput): Promise<number> {
  const audience = audienceCondition(input.to);
  if (!audience) return 0;
  return store(db, church, input.kind, {
    urgent: input.urgent,
    from: undefined,
    where: and(
      audience,
      input.except ? ne(users.id, input.except) : undefined,
      input.joinedBy ? or(isNull(users.churchJoinedAt), lte(users.churchJoinedAt, input.joinedBy)) : undefined,
    ),
    ...storedText(input.text),
    link: sql`${input.link}::text`,
    relatedId: sql`${input.relatedId ?? null}::uuid`,
    dedupeKey: sql`${input.dedupeKey ?? null}::text`,
  });
}

/** One member's own notification of a `notifyEach`: what differs from one member to the next. */
export type TNotifyItem = Omit<TNotifyInput, "kind" | "to" | "except"> & { userId: string };

/**
 * `notify` for news that reads differently for each member ("your prayer partner this week is
 * Ruth"): one notification per item, all stored by one statement and delivered by one job, under
 * the same rules (the caller's transaction, the church's members only, preferences, dedupe keys).
 */
export async function notifyEach(
  db: TDb,
  church: { churchId: string },
  kind: TNotificationKind,
  items: TNotifyItem[],
): Promise<number> {
  if (items.length === 0) return 0;
  const column = <T>(pick: (i: TNotifyItem) => T, type: string) =>
    sql`${sql.param(items.map(pick))}::${sql.raw(type)}[]`;
  // One array parameter per column, read back as rows: the statement is the same size for 2 or 2,000.
  const english = items.map((i) => englishText(i.text));
  const each = sql`unnest(${column((i) => i.userId, "uuid")},
    ${sql`${sql.param(english.map((e) => e.title.slice(0, TITLE_MAX)))}::text[]`},
    ${sql`${sql.param(english.map((e) => e.message.slice(0, MESSAGE_MAX)))}::text[]`}, ${column((i) => i.link, "text")},
    ${column((i) => i.relatedId ?? null, "uuid")}, ${column((i) => i.dedupeKey ?? null, "text")},
    ${column((i) => i.text.title, "text")}, ${column((i) => i.text.message, "text")},
    ${column((i) => JSON.stringify(i.text.values ?? {}), "text")})
    as item(user_id, title, message, link, related_id, dedupe_key, title_key, message_key, text_values)`;
  return store(db, church, kind, {
    urgent: items.some((i) => i.urgent),
    from: { table: each, on: sql`item.user_id = ${users.id}` },
    where: undefined,
    title: sql`item.title`,
    message: sql`item.message`,
    link: sql`item.link`,
    relatedId: sql`item.related_id`,
    dedupeKey: sql`item.dedupe_key`,
    titleKey: sql`item.title_key`,
    messageKey: sql`item.message_key`,
    textValues: sql`item.text_values::jsonb`,
  });
}

const TITLE_MAX = 200;
const MESSAGE_MAX = 500;
/** Notification ids per delivery job: a church of many thousands is told in a few jobs, each well under ZDeliverJob's cap. */
export const DELIVER_BATCH = 5000;

type TStoreSpec = {
  urgent?: boolean;
  /** Rows joined to the church's members, one per notification (notifyEach); none: one per member. */
  from: { table: SQL; on: SQL } | undefined;
  where: SQL | undefined;
  title: SQL;
  message: SQL;
  link: SQL;
  relatedId: SQL;
  dedupeKey: SQL;
  titleKey: SQL;
  messageKey: SQL;
  textValues: SQL;
};

/** A `notify`'s words as stored: the English (title, message) and the keys with their values. */
function storedText(text: TNotificationText) {
  const english = englishText(text);
  return {
    title: sql`${english.title.slice(0, TITLE_MAX)}::text`,
    message: sql`${english.message.slice(0, MESSAGE_MAX)}::text`,
    titleKey: sql`${text.title}::text`,
    messageKey: sql`${text.message}::text`,
    textValues: sql`${JSON.stringify(text.values ?? {})}::jsonb`,
  };
}

/** Stores the notifications of `kind` for the church's members that `spec` picks, and queues their delivery. */
async function store(db: TDb, church: { churchId: string }, kind: TNotificationKind, spec: TStoreSpec) {
  const prefKey = PROFILE_PREFERENCE[kind];
  const prefOn = prefKey ? sql`coalesce(${PREF_COLUMNS[prefKey]}, true)` : sql`true`;
  const type = NOTIFICATION_KINDS[kind].type;
  const members = db
    // insert ... select writes every column of the table in its order: keep these in that order.
    .select({
      id: sql`gen_random_uuid()`.as("id"),
      churchId: users.churchId,
      userId: users.id,
      type: sql`${type}::text`.as("type"),
      kind: sql`${kind}::text`.as("kind"),
      title: spec.title.as("title"),
      message: spec.message.as("message"),
      link: spec.link.as("link"),
      relatedId: spec.relatedId.as("related_id"),
      dedupeKey: spec.dedupeKey.as("dedupe_key"),
      isRead: sql`false`.as("is_read"),
      createdAt: sql`now()`.as("created_at"),
      titleKey: spec.titleKey.as("title_key"),
      messageKey: spec.messageKey.as("message_key"),
      textValues: spec.textValues.as("text_values"),
      // Issue 29: its e-mail is decided by the delivery job and the fallback sweep.
      emailState: sql`null::text`.as("email_state"),
      emailedAt: sql`null::timestamptz`.as("emailed_at"),
      pushOpenedAt: sql`null::timestamptz`.as("push_opened_at"),
      emailOpenedAt: sql`null::timestamptz`.as("email_opened_at"),
    })
    .from(users)
    .$dynamic();
  if (spec.from) members.innerJoin(spec.from.table, spec.from.on);
  const recipients = members
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(inChurch(users, church, spec.where, prefOn));
  const rows = await db
    .insert(notifications)
    .select(recipients as never)
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  const ids = rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += DELIVER_BATCH)
    await addJob(db, DELIVER_JOB, {
      churchId: church.churchId,
      ids: ids.slice(i, i + DELIVER_BATCH),
      ...(spec.urgent ? { urgent: true } : {}),
    });
  return ids.length;
}

function audienceCondition(to: TNotifyAudience): SQL | undefined {
  if ("everyone" in to) return sql`true`;
  if ("admins" in to) return or(eq(users.role, "ADMIN"), eq(users.role, "SUPER_ADMIN"));
  // One array parameter, however many members (everyone who prayed for a request, say).
  return to.userIds.length > 0 ? sql`${users.id} = any(${sql.param(to.userIds)}::uuid[])` : undefined;
}
