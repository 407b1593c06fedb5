import { z } from "zod";

/** Weeks in the growth analytics series: the 12 weeks ending with this one. */
export const GROWTH_SERIES_WEEKS = 12;
/** A member is active when seen (or paid) within this many days; recently active within the second. */
export const ACTIVE_WINDOW_DAYS = 30;
export const RECENT_WINDOW_DAYS = 7;

/** One Sunday-to-Saturday week of the church's activity (church time zone). */
export const ZGrowthWeek = z.object({
  /** The Sunday the week starts on (`YYYY-MM-DD`). */
  weekOf: z.string(),
  /** Distinct members with any points that week. */
  participants: z.number().int(),
  /** Bible readings completed that week. */
  readings: z.number().int(),
  /** Action steps completed that week. */
  actionSteps: z.number().int(),
  /** Points earned that week. */
  points: z.number().int(),
});
export type TGrowthWeek = z.infer<typeof ZGrowthWeek>;

/**
 * `GET /api/analytics/growth` (spec 2 Growth settings and section 7), for admins. The definitions
 * are in server/src/features/analytics/analytics.service.ts and the page's small print.
 */
export const ZGrowthAnalytics = z.object({
  /** Rounded percent of active members who completed this week's step (0 without a step). */
  actionStepCompletionRate: z.number().int(),
  /** Mean current reading streak over all members, in days, one decimal. */
  averageReadingStreak: z.number(),
  /** Members with any points this week. */
  activeParticipants: z.number().int(),
  totalMembers: z.number().int(),
  /** Members active in the last 30 days (the completion rate's base). */
  activeMembers: z.number().int(),
  /** Members active in the last 7 days. */
  recentlyActive: z.number().int(),
  /** Whether the church has set a step for this week. */
  hasActionStep: z.boolean(),
  /** Active members who completed this week's step. */
  actionStepCompletions: z.number().int(),
  /** The last 12 weeks, oldest first, this week last; weeks without activity are zeros. */
  weeks: z.array(ZGrowthWeek),
});
export type TGrowthAnalytics = z.infer<typeof ZGrowthAnalytics>;
