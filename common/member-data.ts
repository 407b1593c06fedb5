import { z } from "zod";

/**
 * A member's own data (issue 28): the download of everything the app holds about them, and whether
 * they may download it now.
 */

/** `GET` it: a ZIP of the caller's own data (README.txt, then a JSON file and a CSV per kind). */
export const MEMBER_EXPORT_URL = "/api/user/export.zip";

/** `GET` it: when the caller last downloaded their data and when they may again (`ZMemberExportStatus`). */
export const MEMBER_EXPORT_STATUS_URL = "/api/user/export";

/** Downloads a member may make a day, counted in their church's time zone. */
export const MEMBER_EXPORTS_PER_DAY = 1;

/** The 429's sentence when the member asks again the same day. */
export const MEMBER_EXPORT_LIMITED = "You can download your data once a day. Please try again tomorrow.";

/**
 * `GET /api/user/export`: the caller's last download (ISO 8601, null: never) and the moment the next
 * one is allowed (the start of the church's next day), null when one is allowed now. The ZIP's own
 * 429 reads the same rule.
 */
export const ZMemberExportStatus = z.object({
  lastDownloadedAt: z.string().nullable(),
  nextAvailableAt: z.string().nullable(),
});
export type TMemberExportStatus = z.infer<typeof ZMemberExportStatus>;
