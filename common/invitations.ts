import { z } from "zod";
import { ZInvitableRole, ZRole } from "./members";

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
