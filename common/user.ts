import { z } from "zod";

/**
 * `GET /api/user/stats` (spec 1 and 2, issue 8): `streaks` maps each active streak to its length
 * (`dailyReading` in days, `actionStep` in weeks, `partnerPrayer` in days); the dashboard's "Active
 * Streaks" is its key count.
 */
export const ZUserStats = z.object({
  points: z.number().int(),
  sermonsWatched: z.number().int(),
  eventsAttended: z.number().int(),
  streaks: z.record(z.string(), z.number().int()),
  /** Points earned this week (Sunday to Saturday, church calendar) and the Growth Journey's goal. */
  weeklyPoints: z.number().int(),
  weeklyGoal: z.number().int(),
});
export type TUserStats = z.infer<typeof ZUserStats>;

/** `GET /api/user/badges`: the member's badges, newest first. */
export const ZUserBadge = z.object({
  name: z.string(),
  description: z.string(),
  earnedAt: z.string(),
  /** A lucide icon name (common/badges.ts). */
  icon: z.string(),
});
export type TUserBadge = z.infer<typeof ZUserBadge>;
