/**
 * A member's own data (issue 28): the download of everything the app holds about them. Without zod:
 * the profile page only needs the address and the limit.
 */

/** `GET` it: a ZIP of the caller's own data (README.txt, then a JSON file and a CSV per kind). */
export const MEMBER_EXPORT_URL = "/api/user/export.zip";

/** Downloads a member may make a day, counted in their church's time zone. */
export const MEMBER_EXPORTS_PER_DAY = 1;

/** The 429's sentence when the member asks again the same day. */
export const MEMBER_EXPORT_LIMITED = "You can download your data once a day. Please try again tomorrow.";
