import { z } from "zod";
import type { TMemberExportStatus } from "./member-data-helpers";

/**
 * A member's own data (issue 28): the download of everything the app holds about them, and whether
 * they may download it now. Screens import the zod-free common/member-data-helpers.ts.
 */
export { MEMBER_EXPORT_STATUS_URL, MEMBER_EXPORT_URL, type TMemberExportStatus } from "./member-data-helpers";

/** Downloads a member may make a day, counted in their church's time zone. */
export const MEMBER_EXPORTS_PER_DAY = 1;

/** The 429's sentence when the member asks again the same day. */
export const MEMBER_EXPORT_LIMITED = "You can download your data once a day. Please try again tomorrow.";

/** `GET /api/user/export` (TMemberExportStatus). */
export const ZMemberExportStatus = z.object({
  lastDownloadedAt: z.string().nullable(),
  nextAvailableAt: z.string().nullable(),
}) satisfies z.ZodType<TMemberExportStatus>;
