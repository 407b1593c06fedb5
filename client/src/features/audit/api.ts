import type { TAuditActor, TAuditEntryResponse } from "@common/audit";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";

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

/** The audit log, newest first, a page at a time (offset paging: the log only grows at its top). */
export function useAuditPages(filters: TAuditFilters, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...AUDIT_KEY, filters],
    initialPageParam: 0,
    enabled,
    queryFn: async ({ pageParam, signal }): Promise<TAuditEntryResponse[]> => {
      const search = auditSearch(filters, { limit: String(AUDIT_PAGE_LIMIT), offset: String(pageParam) });
      return (await apiGet(`/api/admin/audit${search}`, signal)).json();
    },
    getNextPageParam: (last, all) => (last.length < AUDIT_PAGE_LIMIT ? null : all.length * AUDIT_PAGE_LIMIT),
  });
}

/** Everyone who appears in the log, for the person filter. */
export function useAuditActors() {
  return useQuery<TAuditActor[]>({
    queryKey: [...AUDIT_KEY, "actors"],
    queryFn: async ({ signal }) => (await apiGet("/api/admin/audit/actors", signal)).json(),
  });
}
