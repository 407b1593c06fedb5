import { z } from "zod";
import type { TChurchPrivacy } from "./privacy-helpers";

export { CHURCH_PRIVACY_URL, invitationPrivacyUrl, type TChurchPrivacy } from "./privacy-helpers";

const days = z.number().int().min(0);

/** `GET /api/church/privacy` and `GET /api/invite/{token}/privacy`: the church's privacy page (issue 28). */
export const ZChurchPrivacy = z.object({
  church: z.object({
    name: z.string(),
    logoUrl: z.string().nullable(),
    brandColor: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
  }),
  privacyContact: z.string().nullable(),
  retentionDays: z.object({ chat: days, notifications: days, audit: days, removedMembers: days }),
  backupDays: days.nullable(),
}) satisfies z.ZodType<TChurchPrivacy>;
