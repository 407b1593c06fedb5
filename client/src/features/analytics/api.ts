import type { TGrowthAnalytics } from "@common/analytics";
import { useQuery } from "@tanstack/react-query";

export const GROWTH_ANALYTICS_KEY = ["/api/analytics/growth"] as const;

/** `GET /api/analytics/growth`: the church's growth figures and its last 12 weeks (admins only). */
export function useGrowthAnalytics(enabled = true) {
  return useQuery<TGrowthAnalytics>({ queryKey: GROWTH_ANALYTICS_KEY, enabled });
}
