import { NOTIFICATION_POLL_MS } from "@common/notification-helpers";
import type { TNotificationList } from "@common/notifications";
import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiGet } from "@/lib/api-client";
import { listenToSocketFrames } from "@/lib/socket-frames";

/** Every notifications query starts with this key (the bell's is exactly it), so one invalidation refreshes all. */
export const NOTIFICATIONS_KEY = ["/api/notifications"] as const;
/** The notifications page's pages, per kind filter. */
export const NOTIFICATION_PAGES_KEY = [...NOTIFICATIONS_KEY, "pages"] as const;
/** Notifications asked for at a time on the notifications page. */
export const NOTIFICATION_PAGE_LIMIT = 30;

export type TNotificationPages = InfiniteData<TNotificationList, string | null>;

/** The notifications page: the whole history, newest first, a page at a time, of one kind or all. */
export function useNotificationPages(kind: string | null) {
  return useInfiniteQuery({
    queryKey: [...NOTIFICATION_PAGES_KEY, kind ?? "all"],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<TNotificationList> => {
      const params = new URLSearchParams({ limit: String(NOTIFICATION_PAGE_LIMIT) });
      if (pageParam) params.set("before", pageParam);
      if (kind) params.set("kind", kind);
      const res = await apiGet(`/api/notifications?${params}`, signal);
      return res.json();
    },
    getNextPageParam: (last) => (last.hasMore ? (last.notifications.at(-1)?.id ?? null) : null),
  });
}

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
