import { z } from "zod";
import { DEFAULT_BRAND_COLOR } from "./brand";
import { optionalText } from "./text";

export const ZChurchName = z
  .string({ error: "Please enter a church name." })
  .trim()
  .min(1, "Please enter a church name.")
  .max(120, "Church name must be at most 120 characters");

export const ZCreateChurchBody = z.object({ name: ZChurchName });
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
  createdAt: z.string(),
});
export type TChurch = z.infer<typeof ZChurch>;

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const ZHttpUrl = z.url({ protocol: /^https?$/, error: "Enter a full web address starting with http:// or https://" });

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
    .regex(/^#[0-9a-fA-F]{6}$/, "Brand colour must be a hex colour like #6366F1")
    .default(DEFAULT_BRAND_COLOR),
  timeZone: z.string().trim().refine(isValidTimeZone, "Choose a valid time zone").optional(),
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
});
export type TChurchSettingsBody = z.input<typeof ZChurchSettingsBody>;
export type TChurchSettings = TChurch;
