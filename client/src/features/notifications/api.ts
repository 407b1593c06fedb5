import { NOTIFICATION_POLL_MS, type TNotificationList } from "@common/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "@/components/ui/use-toast";
import { apiRequest } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { listenToSocketFrames } from "@/lib/socket";

export const NOTIFICATIONS_KEY = ["/api/notifications"] as const;

/** `GET /api/notifications`, polled every 30 s (spec 2 §9) while the shell is open. */
export function useNotifications() {
  return useQuery<TNotificationList>({ queryKey: NOTIFICATIONS_KEY, refetchInterval: NOTIFICATION_POLL_MS });
}

/**
 * Asks again at once when an open `/ws` socket (the live page's) says a notification arrived; the
 * bell opens no socket of its own, so elsewhere the 30 s poll brings it.
 */
export function useNotificationFrames() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      listenToSocketFrames((frame) => {
        if (frame.type === "notification") void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      }),
    [queryClient],
  );
}

/** Shows the list as read at once (the count drops before the server answers). */
function markLocally(list: TNotificationList | undefined, id: string | null): TNotificationList | undefined {
  if (!list) return list;
  const notifications = list.notifications.map((n) => (id === null || n.id === id ? { ...n, isRead: true } : n));
  const dropped = list.notifications.filter((n) => !n.isRead && (id === null || n.id === id)).length;
  return { notifications, unreadCount: id === null ? 0 : Math.max(0, list.unreadCount - dropped) };
}

function useMarkMutation(mutationFn: (id: string | null) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: async (id: string | null) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_KEY });
      const previous = queryClient.getQueryData<TNotificationList>(NOTIFICATIONS_KEY);
      queryClient.setQueryData<TNotificationList>(NOTIFICATIONS_KEY, (list) => markLocally(list, id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(NOTIFICATIONS_KEY, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

/** `PATCH /api/notifications/{id}/read`. */
export function useMarkNotificationRead() {
  const mutation = useMarkMutation((id) =>
    apiRequest("PATCH", `/api/notifications/${encodeURIComponent(id ?? "")}/read`),
  );
  return (id: string) =>
    mutation.mutate(id, {
      onError: (error) => toastApiError(error, { description: "Failed to mark notification as read" }),
    });
}

/** `PATCH /api/notifications/mark-all-read`; spec 2 §8: "Success" when done. */
export function useMarkAllNotificationsRead() {
  const mutation = useMarkMutation(() => apiRequest("PATCH", "/api/notifications/mark-all-read"));
  return {
    isPending: mutation.isPending,
    markAll: () =>
      mutation.mutate(null, {
        onSuccess: () => toast({ title: "Success", description: "All notifications marked as read." }),
        onError: (error) => toastApiError(error, { description: "Failed to mark all notifications as read" }),
      }),
  };
}
