import type { TInvitation } from "@common/invitations";
import type { TInvitationRequest } from "@common/public-church";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api-client";
import { INVITATIONS_KEY } from "./api";

/** Requests to join from the church's public page (issue 24). */
export const INVITATION_REQUESTS_KEY = ["/api/admin/invitation-requests"] as const;

export function useInvitationRequests() {
  return useQuery<TInvitationRequest[]>({ queryKey: INVITATION_REQUESTS_KEY });
}

/** Invite makes a normal invitation (the same sending limits); both lists change. */
export function useInviteFromRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<TInvitation>("POST", `/api/admin/invitation-requests/${encodeURIComponent(id)}/invite`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: INVITATION_REQUESTS_KEY }),
        queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
      ]),
  });
}

export function useDismissRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("POST", `/api/admin/invitation-requests/${encodeURIComponent(id)}/dismiss`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVITATION_REQUESTS_KEY }),
  });
}
