import type { TNotificationKind } from "./notifications";

/**
 * The notification figures and push preference keys, without zod: the shell's bell and the Mobile
 * App page import these and stay small (common/notifications.ts holds the contracts).
 */

/** Spec 2 §9: polled every 30 s; the bell's count shows "9+" above 9. */
export const NOTIFICATION_POLL_MS = 30_000;
export const NOTIFICATION_BADGE_CAP = 9;

/** Spec 2 §3 "Notification preferences (push)", defaults §9. */
export const PUSH_PREFERENCE_KEYS = ["prayerRequests", "liveStreams", "events", "sermons", "announcements"] as const;
export type TPushPreferenceKey = (typeof PUSH_PREFERENCE_KEYS)[number];
export const DEFAULT_PUSH_PREFERENCES = {
  prayerRequests: true,
  liveStreams: true,
  events: true,
  sermons: false,
  announcements: true,
} as const satisfies Record<TPushPreferenceKey, boolean>;

/**
 * Each kind of notification (common/notifications.ts NOTIFICATION_KINDS) in words, for the
 * notifications page's filter; the record's type makes a new kind name itself here.
 */
export const NOTIFICATION_KIND_LABELS = {
  sermon_published: "New sermons",
  event_published: "New events",
  live_started: "Live streams",
  action_step_posted: "Action steps",
  kudos_waiting: "Kudos to review",
  kudos_approved: "Kudos for you",
  kudos_reviewed: "Kudos you sent",
  prayer_answered: "Answered prayers",
  prayer_prayed: "Prayed for you",
  prayer_partner: "Prayer partners",
  prayer_replied: "Replies from your pastors",
  prayer_reply_answered: "Answers to your replies",
  badge_earned: "Badges",
  invitation_requested: "Invitation requests",
  group_join_requested: "Requests to join groups",
  group_request_answered: "Answers to group requests",
  group_member_added: "Added to a group",
  group_leaderless: "Groups without a leader",
  group_post: "Group posts",
  group_prayer: "Group prayer requests",
  group_meeting_reminder: "Group meeting reminders",
  announcement: "Announcements",
  test: "Test notifications",
} as const satisfies Record<TNotificationKind, string>;
