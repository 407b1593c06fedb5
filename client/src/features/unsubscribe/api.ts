import type { TUnsubscribeResult } from "@common/notification-channels";
import { UNSUBSCRIBE_TOPICS } from "@common/notification-channels-helpers";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiJson } from "@/lib/api-client";

/** The link's query, when it has the three parts (the server checks the signature). */
export function readUnsubscribeLink(search: string): string | null {
  const params = new URLSearchParams(search);
  const u = params.get("u");
  const t = params.get("t");
  const s = params.get("s");
  if (!u || !s || !t || !(UNSUBSCRIBE_TOPICS as readonly string[]).includes(t)) return null;
  return new URLSearchParams({ u, t, s }).toString();
}

const keyOf = (query: string) => ["/api/unsubscribe", query] as const;

/** `GET /api/unsubscribe?u=&t=&s=`: what the link turns off, and whether it already is. */
export function useUnsubscribeInfo(query: string | null) {
  return useQuery({
    queryKey: keyOf(query ?? ""),
    queryFn: async ({ signal }): Promise<TUnsubscribeResult> =>
      (await apiGet(`/api/unsubscribe?${query}`, signal)).json(),
    enabled: query !== null,
    // Signed out by design: a 401 here is not a session that ended.
    meta: { publicPage: true },
  });
}

/** `POST /api/unsubscribe?u=&t=&s=` (the one click of RFC 8058, made by a person here). */
export function useUnsubscribe(query: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<TUnsubscribeResult>("POST", `/api/unsubscribe?${query}`),
    onSuccess: (answer) => queryClient.setQueryData(keyOf(query), answer),
  });
}
