import type { TCreateInvitationBody, TInvitation } from "@common/invitations";
import type { TSendWaitingResult } from "@common/member-import";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api-client";
import { fetchListPage } from "@/lib/next-page";

export const INVITATIONS_KEY = ["/api/invitations"] as const;

export function getInvitationLink(token: string, origin: string = window.location.origin): string {
  return `${origin}/invite/${token}`;
}

/** `GET /api/invitations`, newest first, a page at a time (issue 30): the next is its `Link` header's. */
export function useInvitationsPages() {
  return useInfiniteQuery({
    queryKey: [...INVITATIONS_KEY, "pages"],
    initialPageParam: INVITATIONS_KEY[0] as string,
    queryFn: ({ pageParam, signal }) => fetchListPage<TInvitation>(pageParam, signal),
    getNextPageParam: (last) => last.next,
  });
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

/** An invitation waiting for review (an import's or a sync's) is e-mailed now: `POST /api/admin/invitations/{id}/send`. */
export function useSendWaitingInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<TInvitation>("POST", `/api/admin/invitations/${encodeURIComponent(id)}/send`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });
}

/** Every waiting invitation, as far as the daily sending limits allow: `POST /api/admin/invitations/send-waiting`. */
export function useSendAllWaiting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<TSendWaitingResult>("POST", "/api/admin/invitations/send-waiting"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });
}

/** Made by an import or a sync and not yet e-mailed: it waits for the admin's review. */
export const isWaitingForReview = (inv: TInvitation, now = new Date()) =>
  inv.sentAt === null && !inv.isUsed && new Date(inv.expiresAt).getTime() >= now.getTime();

/**
 * E-mails the admin a link that confirms their own address (the server's resend): an admin whose
 * address is not confirmed by its mailbox sends only a few invitations (issue 23).
 */
export function useSendConfirmationLink() {
  return useMutation({
    mutationFn: () => apiJson<{ message: string }>("POST", "/api/auth/verify-email/resend"),
  });
}
