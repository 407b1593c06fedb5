import type { TNotification } from "@common/notifications";
import { BellOff, CheckCheck } from "lucide-react";
import { useLocation } from "wouter";
import { LoadError } from "@/components/load-error";
import { useNow } from "@/lib/use-now";
import { useNotifications } from "../api";
import { getAppPath } from "../format";
import { useMarkAllNotificationsRead, useMarkNotificationRead } from "../mark-read";
import { NotificationItem } from "./notification-item";
import { NotificationSkeleton } from "./notification-skeleton";

/**
 * What the bell's popover shows: the heading with "Mark all read", then the list or its state. A
 * click marks the notification read, closes the popover (`onClose`) and opens its page.
 */
export function NotificationList({ onClose }: { onClose: () => void }) {
  const query = useNotifications();
  const { markAll, isPending } = useMarkAllNotificationsRead();
  const markRead = useMarkNotificationRead();
  const [, navigate] = useLocation();
  // Relative times move on while the popover stays open.
  const now = useNow(60_000);
  const list = query.data;

  const select = (notification: TNotification) => {
    if (!notification.isRead) markRead(notification.id);
    onClose();
    const path = getAppPath(notification.link);
    if (path) navigate(path);
  };

  return (
    <div className="grid">
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 className="text-sm font-semibold">Notifications</h2>
        {!!list?.unreadCount && (
          <button
            type="button"
            onClick={markAll}
            disabled={isPending}
            className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-xs font-medium text-brand-text hover:bg-brand-soft disabled:opacity-55"
          >
            <CheckCheck className="size-3.5" aria-hidden="true" />
            Mark all read
          </button>
        )}
      </div>
      {query.isLoading ? (
        <NotificationSkeleton />
      ) : query.isError || !list ? (
        <LoadError what="Notifications" onRetry={() => query.refetch()} className="px-4 py-6" />
      ) : list.notifications.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
          <BellOff className="size-6 text-stone-400" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">No notifications yet</p>
        </div>
      ) : (
        <ul aria-label="Notifications" className="max-h-[min(24rem,60dvh)] divide-y divide-border overflow-y-auto">
          {list.notifications.map((n) => (
            <NotificationItem key={n.id} notification={n} now={now} onSelect={select} />
          ))}
        </ul>
      )}
    </div>
  );
}
