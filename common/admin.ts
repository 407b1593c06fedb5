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
  /** Kudos waiting for an admin's approval (issue 11). */
  pendingKudos: z.number().int(),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;

export const ZActivity = z.object({ id: z.string(), description: z.string(), timestamp: z.string() });
export type TActivity = z.infer<typeof ZActivity>;
