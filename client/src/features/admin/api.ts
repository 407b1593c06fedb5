import type { TActivity, TAdminStats } from "@common/admin";
import { useQuery } from "@tanstack/react-query";
import { ADMIN_STATS_KEY } from "@/lib/query-keys";

export const RECENT_ACTIVITY_KEY = ["/api/admin/recent-activity"] as const;

/** Spec 2 section 6: the admin queries run only for admins. */
export function useAdminStats(enabled = true) {
  return useQuery<TAdminStats>({ queryKey: ADMIN_STATS_KEY, enabled });
}

export function useRecentActivity(enabled = true) {
  return useQuery<TActivity[]>({ queryKey: RECENT_ACTIVITY_KEY, enabled });
}
