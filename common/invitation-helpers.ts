/** Plain helpers and constants of invitations.ts, without zod (the first screens read them). */
import type { TInvitation } from "./invitations";

export const INVITATION_TTL_DAYS = 14;

/** A recipient receives at most this many invitation e-mails in 24 hours, whatever churches send them. */
export const INVITATIONS_PER_RECIPIENT_PER_DAY = 3;

/**
 * A church whose sending admin has not confirmed their own e-mail address (through a link only their
 * mailbox saw, or single sign-on that vouches for it) sends at most this many invitation e-mails in
 * all; the rest wait for review until the address is confirmed (security issue 23, item 4).
 */
export const UNCONFIRMED_ADMIN_INVITATION_EMAILS = 20;

/** What the admin is told when invitations wait because their address is not confirmed. */
export const CONFIRM_TO_SEND_INVITATIONS = `Confirm your email address to send more than ${UNCONFIRMED_ADMIN_INVITATION_EMAILS} invitations; these wait for review until then. Use the link we emailed you, or send yourself a new one.`;

export type TInvitationStatus = "Accepted" | "Expired" | "Pending";

/** Spec 2 section 4: Accepted if used, Expired if past expiresAt, otherwise Pending. */
export function getInvitationStatus(
  inv: Pick<TInvitation, "isUsed" | "expiresAt">,
  now = new Date(),
): TInvitationStatus {
  if (inv.isUsed) return "Accepted";
  if (now.getTime() > new Date(inv.expiresAt).getTime()) return "Expired";
  return "Pending";
}
