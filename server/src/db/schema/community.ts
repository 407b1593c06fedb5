import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { churchRef } from "./churches";
import { ts } from "./columns";
import { userRef, users } from "./users";

/**
 * A kudos (member recognition, spec 2 "Kudos"): created `pending` by its sender, then `approved` or
 * `rejected` by an admin (issue 11). Members see approved ones; the sender also sees their own
 * pending and rejected ones.
 */
export const kudos = pgTable(
  "kudos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    /** Null once the sender's account is deleted (the kudos stays, from "a church member"). */
    fromUserId: uuid("from_user_id").references(() => users.id, { onDelete: "set null" }),
    toUserId: uuid("to_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    category: text("category").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    /** pending | approved | rejected */
    status: text("status").notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: ts("reviewed_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("kudos_church_status_created_idx").on(t.churchId, t.status, t.createdAt),
    index("kudos_from_user_idx").on(t.fromUserId),
    index("kudos_to_user_idx").on(t.toUserId),
    check("kudos_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/** One reaction of one kind by one member on one kudos; toggling deletes the row. */
export const kudosReactions = pgTable(
  "kudos_reactions",
  {
    kudosId: uuid("kudos_id")
      .notNull()
      .references(() => kudos.id, { onDelete: "cascade" }),
    churchId: churchRef(),
    userId: userRef(),
    reaction: text("reaction").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kudosId, t.userId, t.reaction] })],
);

/**
 * An in-app notification for one member (spec 2 §3 "Notification"). `type` is the spec's
 * (sermon, event, prayer, announcement, system, other); `kind` says which feature raised it
 * (sermon_published, kudos_approved, ...); `link` is the page it opens. `dedupeKey`, when set, makes
 * a second notification with the same key for the same member a no-op (for instance one "someone
 * prayed for your request" a day per request).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    userId: userRef(),
    type: text("type").notNull(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    link: text("link"),
    relatedId: uuid("related_id"),
    dedupeKey: text("dedupe_key"),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
    /**
     * What it says as keys of the `notifications` catalogue and their values (issue 26): read in the
     * reader's language when listed and pushed. Null on rows from before: their English `title` and
     * `message` are shown as they are (both stay filled in English for the export and old readers).
     */
    titleKey: text("title_key"),
    messageKey: text("message_key"),
    textValues: jsonb("text_values").$type<Record<string, string | number | { key: string }>>(),
    /**
     * Issue 29, its e-mail: null while undecided (an "unseen" one still waiting for its delay or the
     * morning), "sent" once queued as an e-mail, "skipped" when none goes (read in time, the member's
     * choice, or from before e-mail existed).
     */
    emailState: text("email_state"),
    emailedAt: ts("emailed_at"),
    /** Issue 29: when the member opened it from a push on a device (the service worker tells). */
    pushOpenedAt: ts("push_opened_at"),
    /** Issue 29: when the member first followed its e-mail's button (the tracked address). */
    emailOpenedAt: ts("email_opened_at"),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    /** Issue 30: the retention job's old rows, church by church. */
    index("notifications_church_created_idx").on(t.churchId, t.createdAt),
    index("notifications_email_pending_idx").on(t.createdAt).where(sql`${t.emailState} is null`),
    index("notifications_user_unread_idx").on(t.userId).where(sql`not ${t.isRead}`),
    uniqueIndex("notifications_user_dedupe_key").on(t.userId, t.dedupeKey),
  ],
);

/**
 * A browser's web push subscription (issue 11). The endpoint is an https URL of a push service,
 * checked to resolve to public addresses only, when stored and again when sent to.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    userId: userRef(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    failures: integer("failures").notNull().default(0),
    lastSuccessAt: ts("last_success_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/**
 * Issue 29: how each kind of notification reaches a member (common/notification-channels-helpers.ts):
 * `channels` holds only the kinds they changed (the rest are DEFAULT_CHANNELS); a missing row means
 * every default. Quiet hours are "HH:MM" in the church's time zone; null: the defaults.
 */
export const notificationChannels = pgTable("notification_channels", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  channels: jsonb("channels").$type<Record<string, { push?: boolean; email?: string }>>().notNull().default({}),
  quietFrom: text("quiet_from"),
  quietTo: text("quiet_to"),
  digest: boolean("digest").notNull().default(true),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/**
 * The server's VAPID key pair for web push: one row, made on first start by whichever process gets
 * there first, so every process signs with the same keys. The private key is sealed with the app
 * secret (SecretBox).
 */
export const vapidKeys = pgTable(
  "vapid_keys",
  {
    id: integer("id").primaryKey().default(1),
    publicKey: text("public_key").notNull(),
    privateKeySealed: text("private_key_sealed").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [check("vapid_keys_one_row", sql`${t.id} = 1`)],
);
