import type { TFeeds } from "@common/feeds";
import { useQuery } from "@tanstack/react-query";

export const FEEDS_KEY = ["/api/admin/feeds"] as const;

export function useFeeds() {
  return useQuery<TFeeds>({ queryKey: FEEDS_KEY });
}
