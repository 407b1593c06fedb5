import { z } from "zod";
import { TOUR_NAMES } from "./tours";

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

/** `PUT /api/user/tour`: marks one of the caller's tours finished (or, with `done: false`, to show again). */
export const ZTourBody = z.object({
  tour: z.enum(TOUR_NAMES, { error: `tour must be one of: ${TOUR_NAMES.join(", ")}` }),
  done: z.boolean({ error: "done must be true or false" }),
});
export type TTourBody = z.input<typeof ZTourBody>;

/** The answer: every tour the caller has finished. */
export const ZToursDone = z.object({ toursDone: z.array(z.enum(TOUR_NAMES)) });
export type TToursDone = z.infer<typeof ZToursDone>;
