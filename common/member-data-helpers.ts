/**
 * A member's own data (issue 28) without zod: the profile's "Your data" card imports these directly
 * (common/member-data.ts holds the contract and re-exports them for the server).
 */

/** `GET` it: a ZIP of the caller's own data (README.txt, then a JSON file and a CSV per kind). */
export const MEMBER_EXPORT_URL = "/api/user/export.zip";

/** `GET` it: when the caller last downloaded their data and when they may again (`ZMemberExportStatus`). */
export const MEMBER_EXPORT_STATUS_URL = "/api/user/export";

/**
 * `GET /api/user/export`: the caller's last download (ISO 8601, null: never) and the moment the next
 * one is allowed (the start of the church's next day), null when one is allowed now. The ZIP's own
 * 429 reads the same rule.
 */
export type TMemberExportStatus = { lastDownloadedAt: string | null; nextAvailableAt: string | null };

/** `GET` it (admin): a ZIP of a member's data for them, without their anonymous requests. */
export const adminMemberExportUrl = (memberId: string) =>
  `/api/admin/members/${encodeURIComponent(memberId)}/export.zip`;
