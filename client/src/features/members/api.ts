import type { TAdminStats } from "@common/admin";
import { eraseMemberUrl } from "@common/member-erasure-helpers";
import type { TMember, TUpdateMemberRoleBody } from "@common/members";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api-client";
import { fetchListPage } from "@/lib/next-page";
import { ADMIN_STATS_KEY } from "@/lib/query-keys";

export const MEMBERS_KEY = ["/api/admin/members"] as const;

/** Manage Members' list, a page at a time (issue 30); under MEMBERS_KEY, so a change refreshes it. */
export const MEMBERS_PAGES_KEY = [...MEMBERS_KEY, "pages"] as const;

/** `GET /api/admin/members`: the first page, then the next page its `Link` header names when asked. */
export function useMembersPages() {
  return useInfiniteQuery({
    queryKey: MEMBERS_PAGES_KEY,
    initialPageParam: MEMBERS_KEY[0] as string,
    queryFn: ({ pageParam, signal }) => fetchListPage<TMember>(pageParam, signal),
    getNextPageParam: (last) => last.next,
  });
}

/** The church's totals, for the stat cards while pages of the list are still to load. */
export function useMemberTotals(enabled: boolean) {
  return useQuery<TAdminStats>({ queryKey: ADMIN_STATS_KEY, enabled });
}

function useInvalidateMembers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
      queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
    ]);
}

export function useUpdateMemberRole() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: ({ id, role }: { id: string } & TUpdateMemberRoleBody) =>
      apiJson<TMember>("PATCH", `/api/admin/members/${encodeURIComponent(id)}`, { role }),
    onSuccess: invalidate,
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/admin/members/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

/** `POST /api/admin/members/{id}/erase` (issue 28): erases the member on their request, with why. */
export function useEraseMember() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiJson<{ ok: true }>("POST", eraseMemberUrl(id), { reason }),
    onSuccess: invalidate,
  });
}
