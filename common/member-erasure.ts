import { z } from "zod";
import { PASSWORD_MAX } from "./auth-helpers";
import { DELETE_CONFIRM_WORD, ERASE_REASON_MAX } from "./member-erasure-helpers";

/**
 * A member's erasure (issue 28): the member deletes their own account, or an admin erases a member
 * on their request. Both run the same erasure (server/src/features/member-erasure). Screens import
 * the zod-free common/member-erasure-helpers.ts.
 */
export {
  DELETE_ACCOUNT_URL,
  DELETE_CONFIRM_WORD,
  ERASE_REASON_MAX,
  eraseMemberUrl,
  SSO_FRESH_SIGN_IN_MINUTES,
} from "./member-erasure-helpers";

/** `POST /api/user/delete`: the password (left out only right after an SSO sign-in) and the typed word. */
export const ZDeleteAccountBody = z.object({
  password: z.string().min(1, "Password is required").max(PASSWORD_MAX).optional(),
  confirm: z.literal(DELETE_CONFIRM_WORD, { error: "Type DELETE to confirm" }),
});

/** `POST /api/admin/members/{id}/erase`: why, as the member asked (kept in the audit trail). */
export const ZEraseMemberBody = z.object({
  reason: z
    .string({ error: "Say why the member is erased" })
    .trim()
    .min(3, "Say why the member is erased")
    .max(ERASE_REASON_MAX, `Keep the reason under ${ERASE_REASON_MAX} characters`),
});

/** Both answer `{ok: true}` once the erasure committed. */
export const ZErasureDone = z.object({ ok: z.literal(true) });
