import { BADGES } from "@common/badges";
import type { TLanguage } from "@common/i18n/locales";
import { WEEKLY_POINTS_GOAL } from "@common/points";
import type { TUserBadge, TUserStats } from "@common/user";
import { count, eq, isNotNull } from "drizzle-orm";
import { eventAttendance, events } from "../../db/schema/events";
import { badgeWords, type TEarnedBadge } from "../../lib/badges";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { countAwards, getPointsTotal, getWeeklyPoints } from "../../lib/points";
import { getActionStepStreakWeeks } from "../action-steps/action-steps.service";
import { getPartnerPrayerStreak } from "../prayer-partners/prayer-partners.service";
import { getReadingStreak } from "../reading/reading.service";

/**
 * The member's figures in their church, from the points ledger and attendance (spec 1 and 2
 * "User stats"). A member who moved from another church starts here from zero. Only streaks that
 * are running appear in `streaks`.
 */
export async function getUserStats(ctx: TChurchCtx): Promise<TUserStats> {
  const [points, sermonsWatched, [attended], weeklyPoints, dailyReading, actionStep, partnerPrayer] = await Promise.all(
    [
      getPointsTotal(ctx),
      countAwards(ctx, "sermon_watch"),
      ctx.db
        .select({ n: count() })
        .from(eventAttendance)
        .innerJoin(events, eq(events.id, eventAttendance.eventId))
        .where(inChurch(events, ctx, eq(eventAttendance.userId, ctx.userId), isNotNull(eventAttendance.checkedInAt))),
      getWeeklyPoints(ctx),
      getReadingStreak(ctx),
      getActionStepStreakWeeks(ctx),
      getPartnerPrayerStreak(ctx),
    ],
  );
  const streaks: Record<string, number> = {};
  if (dailyReading > 0) streaks.dailyReading = dailyReading;
  if (actionStep > 0) streaks.actionStep = actionStep;
  if (partnerPrayer > 0) streaks.partnerPrayer = partnerPrayer;
  return { points, sermonsWatched, eventsAttended: attended.n, streaks, weeklyPoints, weeklyGoal: WEEKLY_POINTS_GOAL };
}

/**
 * `GET /api/user/badges`: name, description and icon from common/badges.ts (name and description in
 * the caller's language), with the date earned; `earned` is getEarnedBadges', kept per member by the route.
 */
export function toUserBadges(earned: TEarnedBadge[], language: TLanguage): TUserBadge[] {
  return earned.map(({ badge, earnedAt }) => ({
    ...BADGES[badge],
    ...badgeWords(language, badge),
    earnedAt: earnedAt.toISOString(),
  }));
}
