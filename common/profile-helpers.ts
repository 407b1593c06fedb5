/** The profile's constants without zod (common/profile.ts holds the contracts): screens import them directly. */
import { LOGO_MAX_BYTES } from "./brand";

/** The profile's limits (spec 2 "Profile form: no validation" leaves them to us). */
export const PROFILE_NAME_MAX = 100;
export const PROFILE_BIO_MAX = 500;
/** Issue 27's contact fields: a phone number and a postal address, both optional. */
export const PROFILE_PHONE_MAX = 40;
export const PROFILE_ADDRESS_MAX = 300;
/** Avatars follow the logo's rule (DESIGN.md "Logo"): real image bytes, at most 2 MB. */
export const AVATAR_MAX_BYTES = LOGO_MAX_BYTES;

/** Spec 2 §9: the five prayer topics and their defaults (healing, guidance and community on). */
export const PRAYER_TOPICS = ["healing", "guidance", "community", "family", "work"] as const;
export type TPrayerTopic = (typeof PRAYER_TOPICS)[number];
export const DEFAULT_PRAYER_TOPICS: Record<TPrayerTopic, boolean> = {
  healing: true,
  guidance: true,
  community: true,
  family: false,
  work: false,
};

/** Spec 2 §9: the four notification preferences, all on by default. */
export const NOTIFICATION_PREFERENCES = [
  "emailNotifications",
  "prayerReminders",
  "sermonNotifications",
  "eventNotifications",
] as const;
export type TNotificationPreference = (typeof NOTIFICATION_PREFERENCES)[number];

/**
 * The preferences the profile shows: each one is honoured by something that sends (the in-app list
 * and push, server/src/features/notifications/notify.ts). `emailNotifications` ("news and updates by
 * email") stays in the API for spec 2, but nothing sends such an email, so no switch offers it (issue
 * 24); the emails the app does send (an invitation, a sign-in or confirmation link) are ones asked for.
 */
export const SHOWN_NOTIFICATION_PREFERENCES = [
  "sermonNotifications",
  "eventNotifications",
  "prayerReminders",
] as const satisfies readonly TNotificationPreference[];
