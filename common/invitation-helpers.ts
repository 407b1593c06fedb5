/** Plain helpers and constants of invitations.ts, without zod (the first screens read them). */
import type { TInvitation } from "./invitations";

export const INVITATION_TTL_DAYS = 14;

/** A recipient receives at most this many invitation e-mails in 24 hours, whatever churches send them. */
export const INVITATIONS_PER_RECIPIENT_PER_DAY = 3;

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
