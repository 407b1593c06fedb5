import { NOTIFICATION_POLL_MS } from "@common/notification-helpers";
import type { TNotificationList } from "@common/notifications";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { listenToSocketFrames } from "@/lib/socket-frames";

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
