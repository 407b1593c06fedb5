import { z } from "zod";
import { ZAuditRetentionDays } from "./audit";
import { readerUrl } from "./bible-plan";
import { DEFAULT_BRAND_COLOR } from "./brand";
import { getSlugProblem, SLUG_RULE_MESSAGE } from "./church-slug";
import { ZLanguage } from "./i18n/language-schema";
import { ZDigestDay, ZDigestTime, ZEmailFallbackHours } from "./notification-channels";
import {
  ZChatRetentionDays,
  ZNotificationRetentionDays,
  ZPrivacyContact,
  ZRemovedMemberRetentionDays,
} from "./retention";
import { optionalText } from "./text";

export const ZChurchName = z
  .string({ error: "Please enter a church name." })
  .trim()
  .min(1, "Please enter a church name.")
  .max(120, "Church name must be at most 120 characters");

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const TIME_ZONE_MESSAGE = "Choose a valid time zone";
export const ZTimeZone = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .max(100, TIME_ZONE_MESSAGE)
  .refine(isValidTimeZone, TIME_ZONE_MESSAGE)
  // "utc" and "america/chicago" are accepted by Intl; the church keeps the zone's own spelling.
  .transform((tz) => new Intl.DateTimeFormat("en-US", { timeZone: tz }).resolvedOptions().timeZone);

/** The public page's address: /c/{slug} (common/church-slug.ts holds the rules). */
export const ZChurchSlug = z
  .string({ error: "Enter the address of the church's public page" })
  .trim()
  .toLowerCase()
  .superRefine((v, ctx) => {
    const problem = getSlugProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/**
 * `POST /api/churches`. The client sends the browser's time zone unless the leader picks another;
 * without one the church starts on UTC (never the server's zone), which Church Settings can change.
 * Without a slug one is made from the name, with a number added when it is taken.
 */
export const ZCreateChurchBody = z.object({
  name: ZChurchName,
  timeZone: ZTimeZone.optional(),
  // Left empty on the form: made from the name, as when absent.
  slug: z
    .string({ error: SLUG_RULE_MESSAGE })
    .trim()
    .toLowerCase()
    .superRefine((v, ctx) => {
      const problem = v === "" ? null : getSlugProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform((v) => v || undefined)
    .optional(),
});
export type TCreateChurchBody = z.input<typeof ZCreateChurchBody>;

export const ZChurch = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
  brandColor: z.string(),
  timeZone: z.string(),
  /** The public page's address is /c/{slug}; it is shown to visitors only while `publicPage` is on. */
  slug: z.string(),
  publicPage: z.boolean(),
  createdAt: z.string(),
});
export type TChurch = z.infer<typeof ZChurch>;

const HTTP_URL_MESSAGE = "Enter a full web address starting with http:// or https://";
const ZHttpUrl = z.url({ protocol: /^https?$/, error: HTTP_URL_MESSAGE });

const BIBLE_READER_PATTERN_MAX = 500;

/**
 * What is wrong with a Bible reader link pattern, or null when it is usable: a web address whose site
 * is written out (the passage can't choose where a link goes) with {passage} and optionally
 * {translation} in it, and no other {...} placeholders.
 */
function getReaderPatternProblem(pattern: string): string | null {
  if (!/^https?:\/\/[^/?#{}\s]+/i.test(pattern) || /\s/.test(pattern)) return HTTP_URL_MESSAGE;
  if (!pattern.includes("{passage}")) return "The reader link must contain {passage} where the passage goes";
  if (/\{(?!passage\}|translation\})[^}]*\}/.test(pattern)) {
    return "The reader link can only fill in {passage} and {translation}";
  }
  try {
    const url = new URL(readerUrl("John 3", pattern, "NIV"));
    if (url.protocol !== "https:" && url.protocol !== "http:") return HTTP_URL_MESSAGE;
  } catch {
    return HTTP_URL_MESSAGE;
  }
  return null;
}

/** Absent leaves the setting as it is; null or empty text means "back to the default" (stored as null). */
const resettable = (schema: z.ZodType<string, string>) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null))
    .pipe(schema.nullish());

const ZBibleReaderPattern = z
  .string()
  .max(BIBLE_READER_PATTERN_MAX, `The reader link must be at most ${BIBLE_READER_PATTERN_MAX} characters`)
  .superRefine((v, ctx) => {
    const problem = getReaderPatternProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const ZBibleTranslation = z
  .string()
  .max(20, "Translation must be at most 20 characters")
  .regex(/^[A-Za-z0-9-]+$/, "Translation must be a short code like NIV, ESV or KJV (letters, digits and hyphens)");

/** `GET /api/church`: the church as its members see it (the Church page): its look and contact details. */
export const ZChurchProfile = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  brandColor: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  /** The public page's address, /c/{slug}, shown to members only once it is published (null before). */
  publicPagePath: z.string().nullable(),
});
export type TChurchProfile = z.infer<typeof ZChurchProfile>;

/** `PUT /api/admin/church/settings` (spec 2 Church settings); the logo is a data URL or a pasted link. */
export const ZChurchSettingsBody = z.object({
  name: z
    .string({ error: "Church name is required" })
    .trim()
    .min(1, "Church name is required")
    .max(120, "Church name must be at most 120 characters"),
  address: optionalText(300, "Address"),
  phone: optionalText(40, "Phone"),
  email: z
    .string()
    .trim()
    .max(254)
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.email("Enter a valid email address").nullable()),
  website: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(ZHttpUrl.nullable()),
  brandColor: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, "Brand color must be a hex color like #6366F1")
    .default(DEFAULT_BRAND_COLOR),
  timeZone: ZTimeZone.optional(),
  /** Absent keeps the current address; 409 when another church has it. */
  slug: ZChurchSlug.optional(),
  /** Whether the public page /c/{slug} is shown to visitors; absent keeps it as it is (off for a new church). */
  publicPage: z.boolean({ error: "publicPage must be true or false" }).optional(),
  logoUrl: z
    .string()
    .trim()
    // Larger data URLs reach the byte check, which answers 413; the body limit caps the rest.
    .max(4_000_000, "Please select an image smaller than 2MB")
    .nullish()
    .transform((v) => (v ? v : null))
    .refine(
      (v) => v === null || v.startsWith("data:") || v.startsWith("/api/") || /^https?:\/\//.test(v),
      "Logo must be an image file or a web address",
    ),
  /** Where the reading plan's passages open: `{passage}` and `{translation}` are filled in. */
  bibleReaderPattern: resettable(ZBibleReaderPattern),
  /** The translation code put into `{translation}` (NIV, ESV, KJV...). */
  bibleTranslation: resettable(ZBibleTranslation),
  /** How long the audit log keeps an entry, in days (1, 2, 5 or 7 years); absent keeps it as it is. */
  auditRetentionDays: ZAuditRetentionDays.optional(),
  /** How long live chat messages are kept, in days (common/retention-helpers.ts); absent keeps it. */
  chatRetentionDays: ZChatRetentionDays.optional(),
  /** How long a member's notifications are kept, in days; absent keeps it. */
  notificationRetentionDays: ZNotificationRetentionDays.optional(),
  /** Days after a member is removed before their personal data is erased; absent keeps it. */
  removedMemberRetentionDays: ZRemovedMemberRetentionDays.optional(),
  /** How to reach the church about members' data (its privacy page); absent keeps it, null/empty clears it. */
  privacyContact: ZPrivacyContact,
  /** The language of members who chose none; null: each browser's. Absent keeps it as it is. */
  defaultLanguage: ZLanguage.nullable().optional(),
  /** Hours before an unread notification goes by e-mail ("unseen"; issue 29); absent keeps it. */
  emailFallbackHours: ZEmailFallbackHours.optional(),
  /** The weekly digest's day (0 Sunday … 6 Saturday) and time (HH:MM), church time; absent keeps them. */
  digestDay: ZDigestDay.optional(),
  digestTime: ZDigestTime.optional(),
});
export type TChurchSettingsBody = z.input<typeof ZChurchSettingsBody>;

/**
 * `GET/PUT /api/admin/church/settings`: the church plus its Bible reader, always the effective link
 * pattern and translation (DEFAULT_BIBLE_READER when the church has not chosen), so the form and any
 * preview can use them as they are.
 */
export const ZChurchSettings = ZChurch.extend({
  bibleReaderPattern: z.string(),
  bibleTranslation: z.string(),
  auditRetentionDays: z.number(),
  chatRetentionDays: z.number(),
  notificationRetentionDays: z.number(),
  removedMemberRetentionDays: z.number(),
  privacyContact: z.string().nullable(),
  defaultLanguage: ZLanguage.nullable(),
  emailFallbackHours: z.number(),
  digestDay: z.number(),
  digestTime: z.string(),
});
export type TChurchSettings = z.infer<typeof ZChurchSettings>;
