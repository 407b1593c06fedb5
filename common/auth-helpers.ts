/** Plain helpers and constants of auth.ts, without zod (the first screens read them). */
import type { TSignInError } from "./auth";

export const PASSWORD_MIN = 8;

export const PASSWORD_MAX = 200;

/** How long an e-mailed confirmation link works. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;

/** Confirmation e-mails an account may ask for in an hour. */
export const EMAIL_VERIFICATION_RESENDS_PER_HOUR = 3;

/**
 * Why single sign-on sent the browser back to `/login?error=<code>`. The page shows only these
 * words, looked up by code, so a link made by someone else cannot put their text on our sign-in page.
 */
export const SIGN_IN_ERRORS = {
  provider_unreachable: "The sign-in provider could not be reached. Please try again later.",
  provider_email_unverified:
    "Your sign-in provider has not confirmed your email address, so it can't be used here. Confirm it with the provider first, or sign in with a password.",
  account_email_unverified:
    "An account with this email address already exists but its address has not been confirmed. Sign in with your password, or use Forgot password to confirm it.",
  link_expired: "This sign-in link has expired. Please try again.",
  provider_no_identity: "The sign-in provider sent no identity.",
  provider_no_email: "The sign-in provider did not share an email address.",
  invitation_unusable:
    "The invitation could not be used with this account. Open the link in your invitation email again, or ask your church for a new one.",
  failed: "Sign-in failed. Please try again.",
} as const;

export function getSignInErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return Object.hasOwn(SIGN_IN_ERRORS, code) ? SIGN_IN_ERRORS[code as TSignInError] : SIGN_IN_ERRORS.failed;
}

/**
 * The header with which the web app asks `GET /api/auth/user` whether anyone is signed in: a
 * signed-out visitor is then answered 204 (no one) instead of 401, which browsers log as a failed
 * resource on every first visit (issue 30: Lighthouse's best practices counted it on the landing page).
 */
export const SESSION_PROBE_HEADER = "x-session-probe";
