import { z } from "zod";
import {
  CHAT_RETENTION_CHOICES,
  NOTIFICATION_RETENTION_CHOICES,
  PRIVACY_CONTACT_MAX,
  REMOVED_MEMBER_RETENTION_CHOICES,
} from "./retention-helpers";

/**
 * The retention settings of Church Settings (issue 28): each a choice from a short list (the same
 * lists the form offers), and the privacy contact shown on the church's privacy page.
 */

const CHAT_MESSAGE = "Choose how long to keep live chat messages: 30, 90 or 180 days, 1 or 2 years";
const NOTIFICATION_MESSAGE = "Choose how long to keep notifications: 30, 90 or 180 days, or 1 year";
const REMOVED_MEMBER_MESSAGE = "Choose how long to keep a removed member's personal data: 7, 30 or 90 days";

const daysFrom = (choices: readonly number[], message: string) =>
  z
    .number({ error: message })
    .int(message)
    .refine((v) => choices.includes(v), message);

export const ZChatRetentionDays = daysFrom(CHAT_RETENTION_CHOICES, CHAT_MESSAGE);
export const ZNotificationRetentionDays = daysFrom(NOTIFICATION_RETENTION_CHOICES, NOTIFICATION_MESSAGE);
export const ZRemovedMemberRetentionDays = daysFrom(REMOVED_MEMBER_RETENTION_CHOICES, REMOVED_MEMBER_MESSAGE);

const PRIVACY_CONTACT_MESSAGE = "The privacy contact must be at most 2,000 characters";

/**
 * How to reach the church about members' data: free text, trimmed; absent keeps it as it is, null or
 * empty text clears it (the privacy page then points to the church's e-mail).
 */
export const ZPrivacyContact = z
  .string({ error: PRIVACY_CONTACT_MESSAGE })
  .trim()
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null))
  .pipe(z.string().max(PRIVACY_CONTACT_MAX, PRIVACY_CONTACT_MESSAGE).nullish());
