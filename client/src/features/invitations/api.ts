import type { TCreateInvitationBody, TInvitation, TPublicInvitation } from "@common/invitations";
import type { TRole } from "@common/roles";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api-client";

export const INVITATIONS_KEY = ["/api/invitations"] as const;

/** Spec 2 Invitation management: how each invitable role is named to people. */
export const INVITATION_ROLE_LABELS: Record<TRole, string> = {
  CONGREGANT: "Church Member",
  GROUP_LEADER: "Group Leader",
  ADMIN: "Church Leader (Admin)",
  SUPER_ADMIN: "Super Admin",
};

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

/** Public `GET /api/invite/{token}`; disabled without a token. */
export function usePublicInvitation(token: string | null | undefined) {
  return useQuery<TPublicInvitation>({
    queryKey: ["/api/invite", encodeURIComponent(token ?? "")],
    enabled: !!token,
  });
}

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (token: string) => apiRequest("POST", `/api/invite/${encodeURIComponent(token)}/accept`),
  });
}
