import { z } from "zod";
import { ZInvitableRole, ZRole } from "./members";

export const INVITATION_TTL_DAYS = 14;
/** A recipient receives at most this many invitation e-mails in 24 hours, whatever churches send them. */
export const INVITATIONS_PER_RECIPIENT_PER_DAY = 3;

export const ZCreateInvitationBody = z.object({
  email: z
    .string({ error: "Please enter an email address." })
    .trim()
    .min(1, "Please enter an email address.")
    .max(254, "Email is too long")
    .pipe(z.email("Enter a valid email address"))
    .transform((e) => e.toLowerCase()),
  role: ZInvitableRole.default("CONGREGANT"),
});
export type TCreateInvitationBody = z.input<typeof ZCreateInvitationBody>;

export const ZInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: ZRole,
  /** Null when the link can no longer be read (APP_SECRET changed): it still works, Copy Link is hidden. */
  token: z.string().nullable(),
  isUsed: z.boolean(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

/** Public `GET /api/invite/{token}`. */
export const ZPublicInvitation = z.object({
  email: z.string(),
  role: ZRole,
  expiresAt: z.string(),
  church: z.object({ name: z.string(), logoUrl: z.string().nullable(), brandColor: z.string() }),
});
export type TPublicInvitation = z.infer<typeof ZPublicInvitation>;

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
