/**
 * A member's erasure (issue 28) without zod: the profile's "Delete my account" dialog and the admin's
 * "Erase member" dialog import these directly (common/member-erasure.ts holds the contracts).
 */

/** `POST` it with `{password, confirm: "DELETE"}` (or `{confirm}` right after an SSO sign-in): erases the caller. */
export const DELETE_ACCOUNT_URL = "/api/user/delete";

/** `POST` it with `{reason}` (admin): erases the member on their request. */
export const eraseMemberUrl = (memberId: string) => `/api/admin/members/${encodeURIComponent(memberId)}/erase`;

/** What the member types to confirm, in every language (a fixed word, as the contract says). */
export const DELETE_CONFIRM_WORD = "DELETE";

/** How long after an SSO sign-in the account may be deleted without a password, in minutes. */
export const SSO_FRESH_SIGN_IN_MINUTES = 10;

/** The longest reason an admin may give for an erasure. */
export const ERASE_REASON_MAX = 500;
