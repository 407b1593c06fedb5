/*
 * How long a church keeps its members' chat, notifications and a removed member's personal data
 * (issue 28), without zod: Church Settings draws its choices with these before any contract arrives
 * (common/retention.ts holds the contracts). Each setting is a column of `churches`; the daily jobs
 * (features/live/live-retention.ts, features/notifications/notification-retention.ts, and the
 * removed members' erasure) remove what is older.
 */

/** Live chat messages: 30, 90 or 180 days, 1 or 2 years (default 1 year). */
export const CHAT_RETENTION_CHOICES = [30, 90, 180, 365, 730] as const;
export const DEFAULT_CHAT_RETENTION_DAYS = 365;

/** A member's notifications: 30, 90 or 180 days, or 1 year (default 90 days). */
export const NOTIFICATION_RETENTION_CHOICES = [30, 90, 180, 365] as const;
export const DEFAULT_NOTIFICATION_RETENTION_DAYS = 90;

/** Days after a member is removed before their personal data is erased: 7, 30 or 90 (default 30). */
export const REMOVED_MEMBER_RETENTION_CHOICES = [7, 30, 90] as const;
export const DEFAULT_REMOVED_MEMBER_RETENTION_DAYS = 30;

/** The longest privacy contact text (shown on the church's privacy page). */
export const PRIVACY_CONTACT_MAX = 2000;
