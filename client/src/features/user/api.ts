import type { TUserStats } from "@common/user";
import { useQuery } from "@tanstack/react-query";
import { USER_STATS_KEY } from "@/lib/query-keys";

export function useUserStats() {
  return useQuery<TUserStats>({ queryKey: USER_STATS_KEY });
}

/** Spec 2 Member dashboard: Active Streaks is the number of streak keys. */
export function countActiveStreaks(stats: Pick<TUserStats, "streaks"> | undefined): number | undefined {
  return stats ? Object.keys(stats.streaks ?? {}).length : undefined;
}
