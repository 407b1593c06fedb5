import { z } from "zod";
import { ZAuthUser } from "./auth";
import { ZTimePageQuery } from "./list-page";
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

/** Where an invitation came from: made by hand, a member import, or an integration's sync. */
export const INVITATION_SOURCES = ["manual", "import", "planning_center", "church_community_builder"] as const;
export type TInvitationSource = (typeof INVITATION_SOURCES)[number];

export const ZInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: ZRole,
  /** Null when the link can no longer be read (APP_SECRET changed): it still works, Copy Link is hidden. */
  token: z.string().nullable(),
  isUsed: z.boolean(),
  expiresAt: z.string(),
  createdAt: z.string(),
  // Optional in the type only so that fixtures written before issue 12 still type; answers always carry them.
  /** When its e-mail went out; null while it waits for the admin's review (imports, syncs). */
  sentAt: z.string().nullable().optional(),
  source: z.enum(INVITATION_SOURCES).optional(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  /** Only in the answer that made or sent it: why its e-mail did not go out (it waits for review). */
  notice: z.string().optional(),
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

/** `POST /api/invite/{token}/accept`: the church joined, and the user as they now are. */
export const ZAcceptInvitationResult = z.object({ churchId: z.string(), user: ZAuthUser });
export type TAcceptInvitationResult = z.infer<typeof ZAcceptInvitationResult>;

/** `GET /api/invitations?limit=&after=`: newest first; a page of 100 unless asked (issue 30). */
export const INVITATIONS_PAGE_LIMIT = 100;
export const INVITATIONS_PAGE_MAX = 500;
export const ZInvitationsQuery = ZTimePageQuery(INVITATIONS_PAGE_LIMIT, INVITATIONS_PAGE_MAX);
