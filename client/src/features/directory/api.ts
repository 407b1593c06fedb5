import type { TDirectoryEntry, TPrivacySettings } from "@common/directory";
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";

/* Types only from @common/directory: its values would bring zod into the page's download. */

/** People asked for at a time (the server allows up to 100). */
export const DIRECTORY_PAGE_LIMIT = 50;
export const DIRECTORY_KEY = ["/api/directory"] as const;
/** The same key as the profile's privacy card: saving there refreshes the notice here. */
export const PRIVACY_KEY = ["/api/user/privacy"] as const;

/** `GET /api/directory?q=`: the church's members by name, a page at a time (offset paging). */
export const directoryQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...DIRECTORY_KEY, q],
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }): Promise<TDirectoryEntry[]> => {
      const params = new URLSearchParams({ limit: String(DIRECTORY_PAGE_LIMIT), offset: String(pageParam) });
      if (q) params.set("q", q);
      return (await apiGet(`/api/directory?${params}`, signal)).json();
    },
    getNextPageParam: (last, all) => (last.length < DIRECTORY_PAGE_LIMIT ? null : all.length * DIRECTORY_PAGE_LIMIT),
  });

export function useDirectory(q: string) {
  return useInfiniteQuery(directoryQuery(q));
}

/** The caller's own settings: whether they hid themselves (then the page says so). */
export const privacyQuery = () => queryOptions<TPrivacySettings>({ queryKey: PRIVACY_KEY });

export function usePrivacy() {
  return useQuery(privacyQuery());
}
