/*
 * Issue 29, without zod: an announcement's limits and statuses (common/announcements.ts holds the
 * contracts); the composer and the list draw with these before any contract arrives.
 */

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_MESSAGE_MAX = 4000;
/** Groups one announcement may go to. */
export const ANNOUNCEMENT_GROUPS_MAX = 50;
/** How far ahead an announcement may be scheduled. */
export const ANNOUNCEMENT_SCHEDULE_MAX_DAYS = 366;

/**
 * draft: saved, not scheduled; scheduled: goes at `sendAt`; sending: its members are being told (the
 * background sending, a few seconds for thousands); sent: everyone in its audience has it.
 */
export const ANNOUNCEMENT_STATUSES = ["draft", "scheduled", "sending", "sent"] as const;
export type TAnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

/**
 * What an announcement's link may open: one of the church's sermons, events or groups (a path of this
 * app), or an outside https address.
 */
export const ANNOUNCEMENT_APP_LINK =
  /^\/(sermons|events|groups)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
