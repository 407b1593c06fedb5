import type { TGrowthAnalytics } from "@common/analytics";
import type { TGroupAnalytics } from "@common/group-meetings";
import { useQuery } from "@tanstack/react-query";

export const GROWTH_ANALYTICS_KEY = ["/api/analytics/growth"] as const;

/** `GET /api/analytics/growth`: the church's growth figures and its last 12 weeks (admins only). */
export function useGrowthAnalytics(enabled = true) {
  return useQuery<TGrowthAnalytics>({ queryKey: GROWTH_ANALYTICS_KEY, enabled });
}

export const GROUP_ANALYTICS_KEY = ["/api/admin/analytics/groups"] as const;

/** `GET /api/admin/analytics/groups` (issue 27): groups, members in one, attendance by week (admins only). */
export function useGroupAnalytics(enabled = true) {
  return useQuery<TGroupAnalytics>({ queryKey: GROUP_ANALYTICS_KEY, enabled });
}
