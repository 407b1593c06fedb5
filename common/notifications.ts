import { z } from "zod";
import type { TChannelKind } from "./notification-channels-helpers";

// The zod-free figures live in notification-helpers.ts (the client's shell imports them from there).
export {
  DEFAULT_PUSH_PREFERENCES,
  NOTIFICATION_BADGE_CAP,
  NOTIFICATION_POLL_MS,
  PUSH_PREFERENCE_KEYS,
  type TPushPreferenceKey,
} from "./notification-helpers";

/** Spec 2 §3 "Notification": the type shown to members. */
export const NOTIFICATION_TYPES = ["sermon", "event", "prayer", "announcement", "system", "other"] as const;
export type TNotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * What raised a notification (issue 11), its spec type, and the kind of the member's channel choices
 * (issue 29, common/notification-channels-helpers.ts) that decides its push and e-mail; null: the
 * test push, which always goes. (The push preferences of spec 2 §7 are a view of these channels:
 * prayerRequests = prayer, liveStreams = events, events, sermons, announcements.)
 */
export const NOTIFICATION_KINDS = {
  sermon_published: { type: "sermon", channel: "sermons" },
  event_published: { type: "event", channel: "events" },
  live_started: { type: "announcement", channel: "events" },
  action_step_posted: { type: "announcement", channel: "announcements" },
  kudos_waiting: { type: "other", channel: "kudos" },
  kudos_approved: { type: "other", channel: "kudos" },
  kudos_reviewed: { type: "other", channel: "kudos" },
  prayer_answered: { type: "prayer", channel: "prayer" },
  prayer_prayed: { type: "prayer", channel: "prayer" },
  prayer_partner: { type: "prayer", channel: "prayer" },
  /** Issue 28: a pastor replied privately to the member's prayer request (to its author). */
  prayer_replied: { type: "prayer", channel: "prayer" },
  /** Issue 28: a request's author answered in its private thread (to the pastors in it), never named. */
  prayer_reply_answered: { type: "prayer", channel: "prayer" },
  badge_earned: { type: "system", channel: "badges" },
  /** A visitor asked for an invitation on the public page (to the church's admins). */
  invitation_requested: { type: "system", channel: "announcements" },
  /** Issue 27: someone asked to join a group (to its leaders). */
  group_join_requested: { type: "other", channel: "groups" },
  /** Issue 27: a request to join a group was approved or declined (to the member). */
  group_request_answered: { type: "other", channel: "groups" },
  /** Issue 27: a leader or admin added the member to a group (to the member). */
  group_member_added: { type: "other", channel: "groups" },
  /** Issue 27: a group's last leader left the church or stopped leading (to the church's admins). */
  group_leaderless: { type: "system", channel: "groups" },
  /** Issue 27: a group the member is in meets tomorrow. */
  group_meeting_reminder: { type: "event", channel: "groups" },
  /**
   * Issue 27: new posts in a group's thread, or a prayer request shared with it (to its members): one
   * per member and group in GROUP_PUSH_BATCH_MINUTES, later news of that hour is in the thread.
   */
  group_post: { type: "other", channel: "groups" },
  group_prayer: { type: "prayer", channel: "groups" },
  /** Issue 29: an announcement sent to the member (relatedId: the announcement). */
  announcement: { type: "announcement", channel: "announcements" },
  test: { type: "system", channel: null },
} as const satisfies Record<string, { type: TNotificationType; channel: TChannelKind | null }>;
export type TNotificationKind = keyof typeof NOTIFICATION_KINDS;

/** `GET /api/notifications` answers at most this many, newest first, unless `limit` says otherwise. */
export const NOTIFICATIONS_LIMIT = 50;
export const NOTIFICATIONS_LIMIT_MAX = 100;
/** `PATCH /api/notifications/read` marks at most this many at once (a group of the list). */
export const NOTIFICATIONS_MARK_MAX = 100;

const KIND_KEYS = Object.keys(NOTIFICATION_KINDS) as [TNotificationKind, ...TNotificationKind[]];

/**
 * `GET /api/notifications?limit=&before=&kind=` (issue 24, the notifications page): newest first;
 * `before` is the id of the last notification seen, `kind` keeps one kind. Without any, the bell's
 * answer as before: the newest 50.
 */
export const ZNotificationListQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(NOTIFICATIONS_LIMIT_MAX, `limit must be at most ${NOTIFICATIONS_LIMIT_MAX}`)
    .default(NOTIFICATIONS_LIMIT),
  before: z.uuid("before must be the id of a notification").optional(),
  kind: z.enum(KIND_KEYS, { error: "kind must be one of the notification kinds" }).optional(),
});
export type TNotificationListQuery = z.input<typeof ZNotificationListQuery>;

/** `PATCH /api/notifications/read`: several of the caller's notifications read at once (a group of the list). */
export const ZMarkReadBody = z.object({
  ids: z
    .array(z.uuid("ids must be ids of notifications"), { error: "ids must be a list of notification ids" })
    .min(1, "ids must name at least one notification")
    .max(NOTIFICATIONS_MARK_MAX, `ids may name at most ${NOTIFICATIONS_MARK_MAX} notifications`),
});
export type TMarkReadBody = z.input<typeof ZMarkReadBody>;

export const ZNotification = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  kind: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  /** The id of the sermon, event, kudos or prayer request it is about; null when none. */
  relatedId: z.string().nullable(),
  /** The page it opens (a path of this app), or null. */
  link: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** `GET /api/notifications`: the newest notifications and the number unread (all of them, not just these). */
export const ZNotificationList = z.object({
  notifications: z.array(ZNotification),
  unreadCount: z.number().int(),
  /** More, older ones match: ask again with `before` = the last one's id. */
  hasMore: z.boolean(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

/** `PATCH /api/notifications/mark-all-read` and `/read`: how many of the caller's notifications it marked read. */
export const ZMarkAllReadResult = z.object({ updated: z.number().int() });
export type TMarkAllReadResult = z.infer<typeof ZMarkAllReadResult>;

export const ZPushPreferences = z.object({
  prayerRequests: z.boolean({ error: "prayerRequests must be true or false" }),
  liveStreams: z.boolean({ error: "liveStreams must be true or false" }),
  events: z.boolean({ error: "events must be true or false" }),
  sermons: z.boolean({ error: "sermons must be true or false" }),
  announcements: z.boolean({ error: "announcements must be true or false" }),
});
export type TPushPreferences = z.infer<typeof ZPushPreferences>;

/** A browser's PushSubscription as `toJSON()` gives it; the endpoint is checked further by the server. */
export const ZPushSubscription = z.object({
  endpoint: z
    .url({ error: "The subscription endpoint must be a URL" })
    .max(2000, "The subscription endpoint is too long"),
  expirationTime: z.number().nullish(),
  keys: z.object({
    p256dh: z
      .string()
      .min(1, "keys.p256dh is required")
      .max(200)
      .regex(/^[A-Za-z0-9_-]+={0,2}$/, "keys.p256dh must be base64url"),
    auth: z
      .string()
      .min(1, "keys.auth is required")
      .max(100)
      .regex(/^[A-Za-z0-9_-]+={0,2}$/, "keys.auth must be base64url"),
  }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

/** `POST /api/notifications/subscribe` (spec 2 §7): preferences default to the spec's. */
export const ZPushSubscribeBody = z.object({
  subscription: ZPushSubscription,
  preferences: ZPushPreferences.partial().optional(),
});
export type TPushSubscribeBody = z.input<typeof ZPushSubscribeBody>;

/** `POST /api/notifications/unsubscribe`: one endpoint, or (without one) every subscription of the caller. */
export const ZPushUnsubscribeBody = z
  .object({ endpoint: z.string().max(2000).optional() })
  .nullish()
  .transform((v) => ({ endpoint: v?.endpoint ?? null }));

/** `PUT /api/notifications/preferences` carries `preferences` (spec 2 §7); a partial set changes only those. */
export const ZPushPreferencesBody = z.object({ preferences: ZPushPreferences.partial() });
export type TPushPreferencesBody = z.input<typeof ZPushPreferencesBody>;

/** `GET /api/notifications/push`: the server's public VAPID key, and the caller's push state. */
export const ZPushState = z.object({
  publicKey: z.string(),
  subscribed: z.boolean(),
  preferences: ZPushPreferences,
});
export type TPushState = z.infer<typeof ZPushState>;

/** `POST /api/notifications/test`: the caller's devices the test reached, failed, and forgot (gone for good). */
export const ZPushTestResult = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  removed: z.number().int(),
});
export type TPushTestResult = z.infer<typeof ZPushTestResult>;

/** What the push message carries (the service worker shows it). */
export const ZPushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string().optional(),
  /** Issue 29: the notification shown; the service worker posts `/api/notifications/{id}/opened` on a click. */
  notificationId: z.string().nullish(),
});
export type TPushPayload = z.infer<typeof ZPushPayload>;

/**
 * Issue 29: `GET /api/notifications/{id}/email-open?s=`, the tracked button of a notification's
 * e-mail (no session: the signature names the notification).
 */
export const ZEmailOpenQuery = z.object({
  s: z
    .string({ error: "The link in the e-mail is incomplete" })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, "The link in the e-mail is incomplete"),
});
