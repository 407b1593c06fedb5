import type { TNotificationList } from "@common/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { apiRequest } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { NOTIFICATIONS_KEY } from "./api";

/*
 * Marking notifications read: used by the popover's list, whose code comes only when the bell is
 * neared (the bell itself needs only the count, in api.ts).
 */

/** Shows the list as read at once (the count drops before the server answers). */
function markLocally(list: TNotificationList | undefined, id: string | null): TNotificationList | undefined {
  if (!list) return list;
  const notifications = list.notifications.map((n) => (id === null || n.id === id ? { ...n, isRead: true } : n));
  const dropped = list.notifications.filter((n) => !n.isRead && (id === null || n.id === id)).length;
  return { notifications, unreadCount: id === null ? 0 : Math.max(0, list.unreadCount - dropped) };
}

/**
 * The toasts belong to the mutation itself, not to one call: the popover (and with it the caller)
 * closes as soon as a notification is clicked, before the server answers.
 */
function useMarkMutation(
  mutationFn: (id: string | null) => Promise<unknown>,
  { failure, onSuccess }: { failure: string; onSuccess?: () => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: async (id: string | null) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_KEY });
      const previous = queryClient.getQueryData<TNotificationList>(NOTIFICATIONS_KEY);
      queryClient.setQueryData<TNotificationList>(NOTIFICATIONS_KEY, (list) => markLocally(list, id));
      return { previous };
    },
    onSuccess,
    onError: (error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(NOTIFICATIONS_KEY, context.previous);
      toastApiError(error, { description: failure });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

/** `PATCH /api/notifications/{id}/read`. */
export function useMarkNotificationRead() {
  const mutation = useMarkMutation(
    (id) => apiRequest("PATCH", `/api/notifications/${encodeURIComponent(id ?? "")}/read`),
    { failure: "Failed to mark notification as read" },
  );
  return (id: string) => mutation.mutate(id);
}

/** `PATCH /api/notifications/mark-all-read`; spec 2 §8: "Success" when done. */
export function useMarkAllNotificationsRead() {
  const mutation = useMarkMutation(() => apiRequest("PATCH", "/api/notifications/mark-all-read"), {
    failure: "Failed to mark all notifications as read",
    onSuccess: () => toast({ title: "Success", description: "All notifications marked as read." }),
  });
  return { isPending: mutation.isPending, markAll: () => mutation.mutate(null) };
}
