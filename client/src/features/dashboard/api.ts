import type { TUserStats } from "@common/user";
import { useQuery } from "@tanstack/react-query";

export const USER_STATS_KEY = ["/api/user/stats"] as const;

export function useUserStats() {
  return useQuery<TUserStats>({ queryKey: USER_STATS_KEY });
}

/** Spec 2 Member dashboard: Active Streaks is the number of streak keys. */
export function countActiveStreaks(stats: Pick<TUserStats, "streaks"> | undefined): number | undefined {
  return stats ? Object.keys(stats.streaks ?? {}).length : undefined;
}
