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
