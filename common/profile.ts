import { z } from "zod";
import { ZPassword } from "./auth";
import { ZBirthday } from "./directory";
import { ZLanguage } from "./i18n/language-schema";
import { PROFILE_ADDRESS_MAX, PROFILE_BIO_MAX, PROFILE_NAME_MAX, PROFILE_PHONE_MAX } from "./profile-helpers";
import { requiredText } from "./text";

/**
 * Issue 27's optional contact fields: left out, the stored value stays; empty or null clears it.
 * Each is shown to others only as its owner's privacy settings allow (server/src/lib/profile-privacy.ts).
 */
const ZPhone = z
  .string({ error: "Phone must be text" })
  .trim()
  .max(PROFILE_PHONE_MAX, `Phone must be at most ${PROFILE_PHONE_MAX} characters`)
  .regex(/^[\d\s+().-]*$/, "Phone may hold only digits, spaces and + ( ) - .")
  .transform((v) => v || null);

const ZAddress = z
  .string({ error: "Address must be text" })
  .trim()
  .max(PROFILE_ADDRESS_MAX, `Address must be at most ${PROFILE_ADDRESS_MAX} characters`)
  .transform((v) => v || null);

/**
 * `PATCH /api/user/profile` (spec 2 User and profile). Names are trimmed and stored as typed (React
 * escapes them when drawn). A first name is required so the member has a name to be greeted by; the
 * last name and the bio may be left empty (stored as null). Phone, birthday and address (issue 27)
 * change only when sent.
 */
export const ZProfileBody = z
  .object({
    firstName: requiredText(PROFILE_NAME_MAX, "First name"),
    lastName: z
      .string()
      .trim()
      .max(PROFILE_NAME_MAX, `Last name must be at most ${PROFILE_NAME_MAX} characters`)
      .nullish()
      .transform((v) => v || null),
    bio: z
      .string()
      .trim()
      .max(PROFILE_BIO_MAX, `Bio must be at most ${PROFILE_BIO_MAX} characters`)
      .nullish()
      .transform((v) => v || null),
    phone: ZPhone.nullish(),
    birthday: z
      .string({ error: "birthday must be MM-DD or YYYY-MM-DD" })
      .trim()
      .transform((v) => v || null)
      .pipe(ZBirthday.nullable())
      .nullish(),
    address: ZAddress.nullish(),
  })
  .strict();
export type TProfileBody = z.input<typeof ZProfileBody>;

/**
 * `PUT /api/user/avatar`: the picture as a `data:` URL, the same upload format as the church logo.
 * The server checks the bytes themselves (413 over 2 MB); the route's body limit stops far larger ones.
 */
export const ZAvatarBody = z
  .object({
    image: z
      .string({ error: "Please select an image file (PNG, JPG, etc.)" })
      .min(1, "Please select an image file (PNG, JPG, etc.)"),
  })
  .strict();
export type TAvatarBody = z.input<typeof ZAvatarBody>;

/** `POST /api/user/password`: the current password proves it is the owner; the new one follows sign-up's rules. */
export const ZChangePasswordBody = z
  .object({
    currentPassword: z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(200),
    newPassword: ZPassword,
  })
  .strict();
export type TChangePasswordBody = z.input<typeof ZChangePasswordBody>;

/** `GET /api/user/account`: what the Account Settings card needs to draw its controls. */
export const ZAccountInfo = z.object({
  /** False for an account that signs in only through the church's single sign-on. */
  hasPassword: z.boolean(),
  /** Sessions of this account other than the caller's (other browsers and devices). */
  otherSessions: z.number().int(),
});
export type TAccountInfo = z.infer<typeof ZAccountInfo>;

const ZPrayerTopics = z.object({
  healing: z.boolean(),
  guidance: z.boolean(),
  community: z.boolean(),
  family: z.boolean(),
  work: z.boolean(),
});

/** `GET /api/user/preferences` (and the answer of PATCH): the defaults when never saved. */
export const ZPreferences = z.object({
  emailNotifications: z.boolean(),
  prayerReminders: z.boolean(),
  sermonNotifications: z.boolean(),
  eventNotifications: z.boolean(),
  prayerTopics: ZPrayerTopics,
  /** The language chosen for this person (common/i18n/locales.ts), or null: the church's default, else the browser's. */
  language: ZLanguage.nullable(),
});
export type TPreferences = z.infer<typeof ZPreferences>;

/**
 * `PATCH /api/user/preferences` (spec 2): any of the four booleans, or `prayerTopics` (some or all
 * of its five booleans; the others keep their values). Unknown keys are refused.
 */
export const ZPreferencesBody = z
  .object({
    emailNotifications: z.boolean().optional(),
    prayerReminders: z.boolean().optional(),
    sermonNotifications: z.boolean().optional(),
    eventNotifications: z.boolean().optional(),
    prayerTopics: ZPrayerTopics.partial().strict().optional(),
    /** A shipped language's code (400 for any other); null goes back to the church's default. */
    language: ZLanguage.nullable().optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), "Choose a preference to change");
export type TPreferencesBody = z.input<typeof ZPreferencesBody>;

/** What a line of Recent Activity records: a points award, a check-in or a badge. */
export const ACTIVITY_KINDS = [
  "sermon_watch",
  "bible_reading",
  "action_step",
  "partner_prayer",
  "onboarding_step",
  "event_check_in",
  "badge",
  "group_attendance",
] as const;
export type TActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_LIMIT_DEFAULT = 10;
export const ACTIVITY_LIMIT_MAX = 50;

export const ZActivityQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(ACTIVITY_LIMIT_MAX, `limit must be at most ${ACTIVITY_LIMIT_MAX}`)
    .default(ACTIVITY_LIMIT_DEFAULT),
});

/** `GET /api/user/activity`: the member's own recent doings in their church, newest first. */
export const ZActivityItem = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** Points the award paid; 0 for a check-in or a badge. */
  points: z.number().int(),
  at: z.string(),
  label: z.string(),
});
export type TActivityItem = z.infer<typeof ZActivityItem>;
