import { z } from "zod";

/** `GET /api/admin/stats` (spec 2 section 7). */
export const ZAdminStats = z.object({
  totalMembers: z.number().int(),
  totalAdmins: z.number().int(),
  activeThisWeek: z.number().int(),
  totalSermons: z.number().int(),
  upcomingEvents: z.number().int(),
  prayerRequests: z.number().int(),
  newMembersThisMonth: z.number().int(),
  pendingInvitations: z.number().int(),
  /**
   * Issue 24: what waits for the admin (invitations made by an import or a sync and not yet sent,
   * and open "Request an invitation" requests from the public page), apart from invitations sent and
   * not yet accepted (unused and unexpired).
   */
  invitationsToReview: z.number().int(),
  invitationsSent: z.number().int(),
  /** The new leader's three first steps, each ticked from the church's rows (the welcome card). */
  firstSteps: z.object({
    /** A sermon exists (a draft too). */
    hasSermon: z.boolean(),
    /** An invitation was ever e-mailed (accepted or not). */
    hasSentInvitation: z.boolean(),
    /** The church has its own look (a logo or a color other than the default) and a way to reach it (address, phone or e-mail). */
    isChurchSetUp: z.boolean(),
  }),
  /** Kudos waiting for an admin's approval (issue 11). */
  pendingKudos: z.number().int(),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;

export const ZActivity = z.object({ id: z.string(), description: z.string(), timestamp: z.string() });
export type TActivity = z.infer<typeof ZActivity>;
