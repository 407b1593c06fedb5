/** An invitation as the invited person sees it: the invitation page and sign-in (`/login?invitation=`) both show it. */
import type { TPublicInvitation } from "@common/invitations";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api-client";

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
