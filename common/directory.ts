import { z } from "zod";

/*
 * The member directory and its privacy (issue 27). Each member chooses, per field, who may see it;
 * the server removes what the caller may not see in the one function that builds every answer
 * carrying these fields (server/src/lib/profile-privacy.ts).
 */

/** The fields a member may show or keep; name and photo always go to the church. */
export const PRIVACY_FIELDS = ["email", "phone", "birthday", "address", "bio"] as const;
export type TPrivacyField = (typeof PRIVACY_FIELDS)[number];

/**
 * Who sees a field: everyone in the church; people in a group with me (its members and leaders);
 * leaders and admins (the leaders of my groups and the church's admins); nobody (but me).
 */
export const PRIVACY_AUDIENCES = ["church", "groups", "leaders", "nobody"] as const;
export type TPrivacyAudience = (typeof PRIVACY_AUDIENCES)[number];

/** The defaults: everything but name and photo to leaders and admins only. */
export const DEFAULT_PRIVACY: Record<TPrivacyField, TPrivacyAudience> = {
  email: "leaders",
  phone: "leaders",
  birthday: "leaders",
  address: "leaders",
  bio: "leaders",
};

const ZAudience = z.enum(PRIVACY_AUDIENCES, { error: "Each field must be church, groups, leaders or nobody" });

/** `GET /api/user/privacy` and the body of `PUT /api/user/privacy`. */
export const ZPrivacySettings = z
  .object({
    hidden: z.boolean({ error: "hidden must be true or false" }),
    fields: z
      .object({
        email: ZAudience,
        phone: ZAudience,
        birthday: ZAudience,
        address: ZAudience,
        bio: ZAudience,
      })
      .strict(),
  })
  .strict();
export type TPrivacySettings = z.infer<typeof ZPrivacySettings>;

/** What a stored `users.privacy` (possibly partial or from an older version) means today. */
export function readPrivacy(stored: unknown): Record<TPrivacyField, TPrivacyAudience> {
  const out = { ...DEFAULT_PRIVACY };
  if (stored && typeof stored === "object") {
    for (const field of PRIVACY_FIELDS) {
      const value = (stored as Record<string, unknown>)[field];
      if (typeof value === "string" && (PRIVACY_AUDIENCES as readonly string[]).includes(value)) {
        out[field] = value as TPrivacyAudience;
      }
    }
  }
  return out;
}

/** The contact fields a caller may see of one person: present only when allowed. */
export const ZVisibleFields = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  birthday: z.string().optional(),
  address: z.string().optional(),
  bio: z.string().optional(),
});
export type TVisibleFields = z.infer<typeof ZVisibleFields>;

/** A directory page: at most this many people (a church of 5,000 is read a page at a time). */
export const DIRECTORY_LIMIT_DEFAULT = 50;
export const DIRECTORY_LIMIT_MAX = 100;

/**
 * `GET /api/directory?q=&limit=&offset=`: members of the caller's church who are not hidden, sorted
 * by name, `limit` of them from `offset`; fewer than `limit` means the last page.
 */
export const ZDirectoryQuery = z.object({
  q: z.string().trim().max(100, "q must be at most 100 characters").optional(),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(DIRECTORY_LIMIT_MAX, `limit must be at most ${DIRECTORY_LIMIT_MAX}`)
    .default(DIRECTORY_LIMIT_DEFAULT),
  offset: z.coerce
    .number({ error: "offset must be a number" })
    .int("offset must be a whole number")
    .min(0, "offset must be 0 or more")
    .max(1_000_000, "offset is too large")
    .default(0),
});
export type TDirectoryQuery = z.input<typeof ZDirectoryQuery>;

export const ZDirectoryEntry = ZVisibleFields.extend({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type TDirectoryEntry = z.infer<typeof ZDirectoryEntry>;

/** A birthday as the profile takes it: "MM-DD" or "YYYY-MM-DD" (the year optional), a real date. */
export const ZBirthday = z
  .string({ error: "birthday must be MM-DD or YYYY-MM-DD" })
  .trim()
  .refine(isBirthday, "birthday must be MM-DD or YYYY-MM-DD");

function isBirthday(value: string): boolean {
  const m = /^(?:(\d{4})-)?(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const year = m[1] ? Number(m[1]) : 2000; // a leap year, so 02-29 stands without a year
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (m[1] && (year < 1900 || year > 2100)) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
