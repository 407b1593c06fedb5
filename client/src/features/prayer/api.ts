import type { TAuthUser } from "@common/auth";
import type {
  TPartnerPrayerComplete,
  TPrayerPartnerCurrent,
  TPrayerPartnerHistoryEntry,
  TPrayerRequest,
  TPrayerRequestBody,
  TPrayResult,
} from "@common/prayer";
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiGet, apiJson, getStatus } from "@/lib/api-client";
import { ADMIN_STATS_KEY, AUTH_USER_KEY } from "@/lib/query-keys";
import { useAwardRefresh } from "@/lib/use-award-refresh";

/*
 * Types only from @common/prayer: its values would bring zod into the page's download. The page
 * size is the client's own choice, sent with every request, so a full page means "there may be more".
 */

/** Every prayer-request query starts with this key, so one invalidation refreshes them all. */
export const PRAYER_REQUESTS_KEY = ["/api/prayer-requests"] as const;
const PRAYER_PAGES_KEY = [...PRAYER_REQUESTS_KEY, "pages"] as const;
export const PRAYER_PARTNER_KEY = ["/api/prayer-partners/current"] as const;
export const PRAYER_HISTORY_KEY = ["/api/prayer-partners/history"] as const;
/** Requests asked for at a time; the next page starts `before` the last one shown. */
export const PRAYER_PAGE_LIMIT = 20;

type TPrayerPages = InfiniteData<TPrayerRequest[], string | null>;

/** The prayer wall, newest first, a page at a time (`?limit=&before=`). */
export function usePrayerRequests() {
  return useInfiniteQuery({
    queryKey: PRAYER_PAGES_KEY,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<TPrayerRequest[]> => {
      const params = new URLSearchParams({ limit: String(PRAYER_PAGE_LIMIT) });
      if (pageParam) params.set("before", pageParam);
      const res = await apiGet(`/api/prayer-requests?${params}`, signal);
      return res.json();
    },
    // A short page is the last one; a full one may have more behind it.
    getNextPageParam: (last) => (last.length >= PRAYER_PAGE_LIMIT ? (last.at(-1)?.id ?? null) : null),
  });
}

/** Changes one request wherever it is in the loaded pages (the answer of "I prayed", answered, hidden). */
function updateRequest(queryClient: QueryClient, id: string, change: Partial<TPrayerRequest>) {
  queryClient.setQueryData<TPrayerPages>(PRAYER_PAGES_KEY, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => page.map((r) => (r.id === id ? { ...r, ...change } : r))) }
      : data,
  );
}

/** `POST /api/prayer-requests`: the form sends the fields trimmed (spec 1 §5). */
export function useCreatePrayerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPrayerRequestBody) => apiJson<TPrayerRequest>("POST", "/api/prayer-requests", body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PRAYER_REQUESTS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
      ]),
  });
}

/** `PATCH /api/prayer-requests/{id}/answered`, with the praise note when one is given. */
export function useMarkAnswered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answerNote }: { id: string; answerNote: string }) =>
      apiJson<TPrayerRequest | undefined>(
        "PATCH",
        `/api/prayer-requests/${encodeURIComponent(id)}/answered`,
        answerNote ? { answerNote } : undefined,
      ),
    onSuccess: (answer, { id, answerNote }) => {
      updateRequest(
        queryClient,
        id,
        answer?.id === id ? answer : { isAnswered: true, canAnswer: false, answerNote: answerNote || null },
      );
    },
  });
}

/** `PATCH /api/prayer-requests/{id}/hidden` (admins): hide a request from members, or show it again. */
export function useSetHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      apiJson<TPrayerRequest | undefined>("PATCH", `/api/prayer-requests/${encodeURIComponent(id)}/hidden`, {
        hidden,
      }),
    onSuccess: (answer, { id, hidden }) => {
      updateRequest(queryClient, id, answer?.id === id ? answer : { isHidden: hidden });
      return queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY });
    },
  });
}

/** `POST /api/prayer-requests/{id}/pray`: once per member per request per day. */
export function usePray() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<TPrayResult>("POST", `/api/prayer-requests/${encodeURIComponent(id)}/pray`),
    onSuccess: (result, id) =>
      updateRequest(queryClient, id, { prayedCount: result.prayedCount, prayedToday: result.prayedToday }),
    onError: (error) => {
      // Answered or hidden meanwhile: show the wall as it is now.
      if (getStatus(error) === 409 || getStatus(error) === 404)
        return queryClient.invalidateQueries({ queryKey: PRAYER_REQUESTS_KEY });
    },
  });
}

/** This week's partner, today's prayer and the stats (spec 1 §3 "Prayer partner assignment"). */
export function usePrayerPartner() {
  return useQuery<TPrayerPartnerCurrent>({ queryKey: PRAYER_PARTNER_KEY });
}

/** The member's weeks in the chain, newest first. */
export function usePrayerHistory() {
  return useQuery<TPrayerPartnerHistoryEntry[]>({ queryKey: PRAYER_HISTORY_KEY });
}

/**
 * `POST /api/prayer-partners/complete-daily` (15 points once a day). The new total shows in the top
 * bar at once; the stats, badges (their toasts) and the partner card then refresh from the server.
 */
export function useCompletePartnerPrayer() {
  const queryClient = useQueryClient();
  const refresh = useAwardRefresh();
  return useMutation({
    mutationFn: () => apiJson<TPartnerPrayerComplete>("POST", "/api/prayer-partners/complete-daily"),
    onSuccess: (result) => {
      queryClient.setQueryData<TPrayerPartnerCurrent>(PRAYER_PARTNER_KEY, (c) =>
        c ? { ...c, todayCompleted: true } : c,
      );
      queryClient.setQueryData<TAuthUser | null>(AUTH_USER_KEY, (u) => (u ? { ...u, points: result.total } : u));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: PRAYER_PARTNER_KEY }),
        queryClient.invalidateQueries({ queryKey: PRAYER_HISTORY_KEY }),
        refresh(),
      ]);
    },
  });
}

/* A request's private thread (issue 28): its queries live with its dialog, components/prayer-replies-dialog.tsx. */
