import type { TCreateInvitationBody, TInvitation } from "@common/invitations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api-client";

export const INVITATIONS_KEY = ["/api/invitations"] as const;

export function getInvitationLink(token: string, origin: string = window.location.origin): string {
  return `${origin}/invite/${token}`;
}

export function useInvitations() {
  return useQuery<TInvitation[]>({ queryKey: INVITATIONS_KEY });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateInvitationBody) => apiJson<TInvitation>("POST", "/api/invitations", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });
}

/** Sends a pending invitation's e-mail again (same link); limited like a new invitation. */
export function useResendInvitation() {
  return useMutation({
    mutationFn: (id: string) => apiJson<TInvitation>("POST", `/api/invitations/${encodeURIComponent(id)}/resend`),
  });
}

export function useDeleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/invitations/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });
}
