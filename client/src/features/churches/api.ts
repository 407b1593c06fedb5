import type { TChurch, TChurchProfile, TCreateChurchBody } from "@common/churches";
import type { TInvitationRequestBody, TPublicChurchPage } from "@common/public-church";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { AUTH_USER_KEY } from "@/lib/query-keys";

export function useCreateChurch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateChurchBody) => apiJson<TChurch>("POST", "/api/churches", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
  });
}

/** `GET /api/church`: the member's own church and its contact details (the Church page). */
export function useChurchProfile() {
  return useQuery<TChurchProfile>({ queryKey: ["/api/church"] });
}

/** `GET /api/public/churches/{slug}`: the public page's data; 404 when not published. Signed out too. */
export function usePublicChurchPage(slug: string) {
  return useQuery<TPublicChurchPage>({
    queryKey: ["/api/public/churches", encodeURIComponent(slug)],
    // A 401 here never means "your session ended": the page is for everyone.
    meta: { publicPage: true },
  });
}

/** `POST /api/public/churches/{slug}/invitation-requests`: no account needed. */
export function useRequestInvitation(slug: string) {
  return useMutation({
    mutationFn: (body: TInvitationRequestBody) =>
      apiJson<{ message: string }>(
        "POST",
        `/api/public/churches/${encodeURIComponent(slug)}/invitation-requests`,
        body,
      ),
  });
}
