import type { TAuditActor, TAuditEntryResponse } from "@common/audit";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import { fetchListPage } from "@/lib/next-page";

/** Entries asked for at a time (the server allows up to 200). */
export const AUDIT_PAGE_LIMIT = 50;
export const AUDIT_KEY = ["/api/admin/audit"] as const;

/** The page's filters, as the query string carries them (empty: no filter). */
export type TAuditFilters = { actorId: string; action: string; from: string; to: string };
export const NO_AUDIT_FILTERS: TAuditFilters = { actorId: "", action: "", from: "", to: "" };

/** The filters as a query string (only those set), for the list and the CSV link alike. */
export function auditSearch(filters: TAuditFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The audit log, newest first, a page at a time: the next page is the one the answer's `Link`
 * header names (a cursor, issue 30: a deep page costs what the first does, where an offset read
 * every entry before it).
 */
export function useAuditPages(filters: TAuditFilters, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...AUDIT_KEY, filters],
    initialPageParam: `/api/admin/audit${auditSearch(filters, { limit: String(AUDIT_PAGE_LIMIT) })}`,
    enabled,
    queryFn: ({ pageParam, signal }) => fetchListPage<TAuditEntryResponse>(pageParam, signal),
    getNextPageParam: (last) => last.next,
  });
}

/** Everyone who appears in the log, for the person filter. */
export function useAuditActors() {
  return useQuery<TAuditActor[]>({
    queryKey: [...AUDIT_KEY, "actors"],
    queryFn: async ({ signal }) => (await apiGet("/api/admin/audit/actors", signal)).json(),
  });
}
