/*
 * Issue 29, without zod: the kinds of notification a member chooses channels for, the e-mail modes,
 * and the defaults (common/notification-channels.ts holds the contracts). The screens and the
 * server's delivery read the same figures.
 */

/** The kinds a member chooses channels for (`GET/PUT /api/notifications/channels`), in the screen's order. */
export const CHANNEL_KINDS = ["announcements", "events", "sermons", "prayer", "groups", "kudos", "badges"] as const;
export type TChannelKind = (typeof CHANNEL_KINDS)[number];

/** E-mail for a kind: never; only if the member has not seen it in the app after a delay; always. */
export const EMAIL_MODES = ["never", "unseen", "always"] as const;
export type TEmailMode = (typeof EMAIL_MODES)[number];

export type TChannelChoice = { push: boolean; email: TEmailMode };

/**
 * A member who chose nothing: push as spec 2 §9 had it (sermons off, the rest on), e-mail when a
 * notification that matters to them stays unseen; sermons, kudos and badges never by e-mail (the
 * weekly digest tells of those).
 */
export const DEFAULT_CHANNELS = {
  announcements: { push: true, email: "unseen" },
  events: { push: true, email: "unseen" },
  sermons: { push: false, email: "never" },
  prayer: { push: true, email: "unseen" },
  groups: { push: true, email: "unseen" },
  kudos: { push: true, email: "never" },
  badges: { push: true, email: "never" },
} as const satisfies Record<TChannelKind, TChannelChoice>;

/** Quiet hours, "HH:MM" in the church's time zone: an unseen notification's e-mail waits until `to`. */
export const DEFAULT_QUIET_HOURS = { from: "21:00", to: "08:00" } as const;

/** Whether a member gets the weekly e-mail digest when they chose nothing. */
export const DEFAULT_DIGEST = true;

/** Church setting: hours a notification stays unread before it goes by e-mail ("unseen"); default 6. */
export const EMAIL_FALLBACK_HOURS_CHOICES = [1, 3, 6, 12, 24] as const;
export const DEFAULT_EMAIL_FALLBACK_HOURS = 6;

/** Church setting: the digest's day (0 Sunday … 6 Saturday) and time ("HH:MM", church's time zone). */
export const DEFAULT_DIGEST_DAY = 6;
export const DEFAULT_DIGEST_TIME = "17:00";

/** "HH:MM", 00:00 to 23:59. */
export const CLOCK_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * What an e-mail's one-click unsubscribe turns off: one kind's e-mail, or the weekly digest. The
 * server signs the member and this in the link (`List-Unsubscribe`).
 */
export const UNSUBSCRIBE_TOPICS = [...CHANNEL_KINDS, "digest"] as const;
export type TUnsubscribeTopic = (typeof UNSUBSCRIBE_TOPICS)[number];
