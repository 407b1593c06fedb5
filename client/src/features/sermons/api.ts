import type { THighlight, THighlightBody } from "@common/highlights";
import { DASHBOARD_SERMON_COUNT, SERMON_PAGE_SIZE } from "@common/sermon-helpers";
import type { TPublicSermon, TSermon, TSermonBody, TSermonDetail, TSermonSeries, TWatchResult } from "@common/sermons";
import {
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiGet, apiJson, apiRequest } from "@/lib/api-client";
import { ADMIN_STATS_KEY, AUTH_USER_KEY, USER_STATS_KEY } from "@/lib/query-keys";

/** Every sermon query starts with this key, so one invalidation refreshes them all. */
export const SERMONS_KEY = ["/api/sermons"] as const;
export const SERMON_SPEAKERS_KEY = ["/api/sermons", "speakers"] as const;
export const sermonKey = (id: string) => ["/api/sermons", encodeURIComponent(id)] as const;
export const relatedSermonsKey = (id: string) => ["/api/sermons", encodeURIComponent(id), "related"] as const;
export const highlightsKey = (sermonId: string) => ["/api/sermon-highlights", encodeURIComponent(sermonId)] as const;

/** The newest `count` sermons (the member dashboard): `GET /api/sermons?limit=N`, never the whole list. */
export function useLatestSermons(count = DASHBOARD_SERMON_COUNT) {
  return useQuery<TSermon[]>({
    queryKey: ["/api/sermons", "latest", count],
    queryFn: ({ signal }) => apiGet(`/api/sermons?limit=${count}`, signal).then((r) => r.json() as Promise<TSermon[]>),
  });
}

/** The speakers to filter by; with `includeDrafts` (Manage Sermons) those of drafts too. */
export function useSermonSpeakers({ includeDrafts = false } = {}) {
  return useQuery<string[]>(
    includeDrafts
      ? {
          queryKey: [...SERMON_SPEAKERS_KEY, "drafts"],
          queryFn: ({ signal }) =>
            apiGet("/api/sermons/speakers?includeDrafts=true", signal).then((r) => r.json() as Promise<string[]>),
        }
      : { queryKey: SERMON_SPEAKERS_KEY },
  );
}

/**
 * `includeDrafts`: Manage Sermons also lists the drafts (a stopped live stream's recordings);
 * `series`: one series' sermons, oldest first (the series page).
 */
export type TSermonFilters = { search: string; speaker: string; includeDrafts?: boolean; series?: string };
export type TSermonPage = { sermons: TSermon[]; total: number; offset: number };

export function sermonPageUrl(
  { search, speaker, includeDrafts, series }: TSermonFilters,
  offset: number,
  limit = SERMON_PAGE_SIZE,
): string {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (includeDrafts) params.set("includeDrafts", "true");
  if (search.trim()) params.set("search", search.trim());
  if (speaker) params.set("speaker", speaker);
  if (series) params.set("series", series);
  return `/api/sermons?${params}`;
}

/** The archive and Manage Sermons: pages of `SERMON_PAGE_SIZE`, the total from `X-Total-Count`. */
export function useSermonPages(filters: TSermonFilters) {
  return useInfiniteQuery({
    queryKey: [
      "/api/sermons",
      "pages",
      filters.search.trim(),
      filters.speaker,
      !!filters.includeDrafts,
      filters.series ?? "",
    ],
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }): Promise<TSermonPage> => {
      const url = sermonPageUrl(filters, pageParam);
      const res = await apiGet(url, signal);
      const sermons = (await res.json()) as TSermon[];
      const header = Number(res.headers.get("X-Total-Count"));
      const total = Number.isFinite(header) && res.headers.has("X-Total-Count") ? header : pageParam + sermons.length;
      return { sermons, total, offset: pageParam };
    },
    getNextPageParam: (last) => {
      const loaded = last.offset + last.sermons.length;
      return last.sermons.length > 0 && loaded < last.total ? loaded : undefined;
    },
    // While new filters load, the previous results stay (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useSermon(id: string) {
  return useQuery<TSermonDetail>({ queryKey: sermonKey(id) });
}

/** A series page's heading: its sermons' count and first and last dates (`GET /api/sermons/series?name=`). */
export function useSermonSeries(name: string) {
  return useQuery<TSermonSeries>({
    queryKey: ["/api/sermons", "series", name],
    queryFn: ({ signal }) =>
      apiGet(`/api/sermons/series?${new URLSearchParams({ name })}`, signal).then(
        (r) => r.json() as Promise<TSermonSeries>,
      ),
  });
}

/**
 * A signed-out visitor's view of a shared sermon (the same address answers them with the public
 * fields only); kept apart from members' cached sermons. A 401 stays on the page.
 */
export function usePublicSermon(id: string) {
  return useQuery<TPublicSermon>({
    queryKey: ["public-sermon", id],
    queryFn: ({ signal }) => apiGet(sermonKey(id).join("/"), signal).then((r) => r.json()),
    meta: { publicPage: true },
  });
}

export function useRelatedSermons(id: string, enabled = true) {
  return useQuery<TSermon[]>({ queryKey: relatedSermonsKey(id), enabled });
}

/** Marks a sermon watched in every cached list and page without waiting for the refetch. */
function markWatchedInCache(queryClient: QueryClient, id: string) {
  const mark = (s: TSermon) => (s.id === id ? { ...s, isWatched: true } : s);
  queryClient.setQueriesData<unknown>({ queryKey: SERMONS_KEY }, (data: unknown) => {
    if (Array.isArray(data)) return (data as TSermon[]).map(mark);
    if (data && typeof data === "object" && "pages" in data) {
      const d = data as { pages: TSermonPage[]; pageParams: unknown[] };
      return { ...d, pages: d.pages.map((p) => ({ ...p, sermons: p.sermons.map(mark) })) };
    }
    if (data && typeof data === "object" && "id" in data) return mark(data as TSermon);
    return data;
  });
}

/**
 * `POST /api/sermons/{id}/watch`; then the points (stats, top bar) and that sermon refresh. The
 * lists are marked in place rather than fetched again: a long archive would ask for every page.
 */
export function useWatchSermon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<TWatchResult>("POST", `/api/sermons/${encodeURIComponent(id)}/watch`),
    onSuccess: (_result, id) => {
      markWatchedInCache(queryClient, id);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_STATS_KEY }),
        queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
        queryClient.invalidateQueries({ queryKey: sermonKey(id) }),
      ]);
    },
  });
}

/** After a sermon is added, changed or deleted: every sermon query (pages, speakers, latest, one sermon) and the admin figures. */
function useInvalidateSermons() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: SERMONS_KEY }),
      queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
    ]);
}

export function useCreateSermon() {
  const invalidate = useInvalidateSermons();
  return useMutation({
    mutationFn: (body: TSermonBody) => apiJson<TSermon>("POST", "/api/sermons", body),
    onSuccess: invalidate,
  });
}

export function useUpdateSermon() {
  const invalidate = useInvalidateSermons();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TSermonBody }) =>
      apiJson<TSermon>("PUT", `/api/sermons/${encodeURIComponent(id)}`, body),
    onSuccess: invalidate,
  });
}

/** `POST /api/sermons/{id}/publish`: a draft becomes a sermon members see. */
export function usePublishSermon() {
  const invalidate = useInvalidateSermons();
  return useMutation({
    mutationFn: (id: string) => apiJson<TSermon>("POST", `/api/sermons/${encodeURIComponent(id)}/publish`),
    onSuccess: invalidate,
  });
}

export function useDeleteSermon() {
  const invalidate = useInvalidateSermons();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/sermons/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

export function useHighlights(sermonId: string, enabled = true) {
  return useQuery<THighlight[]>({ queryKey: highlightsKey(sermonId), enabled });
}

export function useCreateHighlight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: THighlightBody) => apiJson<THighlight>("POST", "/api/sermon-highlights", body),
    onSuccess: (h) => queryClient.invalidateQueries({ queryKey: highlightsKey(h.sermonId) }),
  });
}

export function useShareHighlight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<THighlight>("PATCH", `/api/sermon-highlights/${encodeURIComponent(id)}/share`),
    onSuccess: (h) => queryClient.invalidateQueries({ queryKey: highlightsKey(h.sermonId) }),
  });
}
