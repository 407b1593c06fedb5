import { SEARCH_MIN_LENGTH, type TSearchResult } from "@common/search-helpers";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";

/* Values only from @common/search-helpers: @common/search would bring zod into the download. */

export const SEARCH_KEY = ["/api/search"] as const;

/**
 * `GET /api/search?q=`: what the member may see that matches `q` (already debounced). Nothing is
 * asked under 2 characters; while the next words are asked, the last answer stays on screen.
 */
export function useSearchResults(q: string) {
  const query = q.trim();
  return useQuery<{ results: TSearchResult[] }>({
    queryKey: [...SEARCH_KEY, query],
    queryFn: ({ signal }) => apiGet(`/api/search?q=${encodeURIComponent(query)}`, signal).then((r) => r.json()),
    enabled: query.length >= SEARCH_MIN_LENGTH,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
