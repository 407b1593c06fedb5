import type { TNotificationList } from "@common/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { apiRequest } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { translator } from "@/lib/i18n";
import { NOTIFICATION_PAGES_KEY, NOTIFICATIONS_KEY, type TNotificationPages } from "./api";
import { notificationsCatalog } from "./i18n";

const t = translator(notificationsCatalog);

/*
 * Marking notifications read: used by the popover's list, whose code comes only when the bell is
 * neared (the bell itself needs only the count, in api.ts).
 */

/** Which notifications a mutation marks: some ids, or (null) all. */
type TMarked = string[] | null;

/** Shows the list as read at once (the count drops before the server answers). */
function markLocally(list: TNotificationList | undefined, ids: TMarked): TNotificationList | undefined {
  if (!list) return list;
  const isMarked = (id: string) => ids === null || ids.includes(id);
  const notifications = list.notifications.map((n) => (isMarked(n.id) ? { ...n, isRead: true } : n));
  const dropped = list.notifications.filter((n) => !n.isRead && isMarked(n.id)).length;
  return { ...list, notifications, unreadCount: ids === null ? 0 : Math.max(0, list.unreadCount - dropped) };
}

/** The same for the notifications page's loaded pages (their counts are refetched after). */
function markPagesLocally(data: TNotificationPages | undefined, ids: TMarked): TNotificationPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => markLocally(page, ids) ?? page) };
}

/**
 * The toasts belong to the mutation itself, not to one call: the popover (and with it the caller)
 * closes as soon as a notification is clicked, before the server answers.
 */
function useMarkMutation(
  mutationFn: (ids: TMarked) => Promise<unknown>,
  { failure, onSuccess }: { failure: () => string; onSuccess?: () => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: async (ids: TMarked) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_KEY });
      const previous = queryClient.getQueryData<TNotificationList>(NOTIFICATIONS_KEY);
      queryClient.setQueryData<TNotificationList>(NOTIFICATIONS_KEY, (list) => markLocally(list, ids));
      queryClient.setQueriesData<TNotificationPages>({ queryKey: NOTIFICATION_PAGES_KEY }, (data) =>
        markPagesLocally(data, ids),
      );
      return { previous };
    },
    onSuccess,
    onError: (error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(NOTIFICATIONS_KEY, context.previous);
      toastApiError(error, { description: failure() });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

/**
 * `PATCH /api/notifications/{id}/read` for one, `PATCH /api/notifications/read` for a group's
 * several at once.
 */
export function useMarkNotificationRead() {
  const mutation = useMarkMutation(
    (ids) =>
      ids?.length === 1
        ? apiRequest("PATCH", `/api/notifications/${encodeURIComponent(ids[0])}/read`)
        : apiRequest("PATCH", "/api/notifications/read", { ids }),
    { failure: () => t("markRead.failed") },
  );
  return (ids: string[]) => {
    if (ids.length > 0) mutation.mutate(ids);
  };
}

/** `PATCH /api/notifications/mark-all-read`; spec 2 §8: "Success" when done. */
export function useMarkAllNotificationsRead() {
  const mutation = useMarkMutation(() => apiRequest("PATCH", "/api/notifications/mark-all-read"), {
    failure: () => t("markAll.failed"),
    onSuccess: () => toast({ title: t("markAll.done"), description: t("markAll.doneDescription") }),
  });
  return { isPending: mutation.isPending, markAll: () => mutation.mutate(null) };
}
