import { eraseMemberUrl } from "@common/member-erasure-helpers";
import type { TMember, TUpdateMemberRoleBody } from "@common/members";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api-client";
import { ADMIN_STATS_KEY } from "@/lib/query-keys";

export const MEMBERS_KEY = ["/api/admin/members"] as const;

export function useMembers() {
  return useQuery<TMember[]>({ queryKey: MEMBERS_KEY });
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
