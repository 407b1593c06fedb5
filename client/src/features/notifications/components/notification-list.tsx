import type { TNotification } from "@common/notifications";
import { BellOff, CheckCheck } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { SkeletonList } from "@/components/skeleton-list";
import { Skeleton } from "@/components/ui/skeleton";
import { useNow } from "@/lib/use-now";
import { useMarkAllNotificationsRead, useNotifications } from "../api";
import { NotificationItem } from "./notification-item";

/** What the bell's popover shows: the heading with "Mark all read", then the list or its state. */
export function NotificationList({ onSelect }: { onSelect: (notification: TNotification) => void }) {
  const query = useNotifications();
  const { markAll, isPending } = useMarkAllNotificationsRead();
  // Relative times move on while the popover stays open.
  const now = useNow(60_000);
  const list = query.data;

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
        <SkeletonList label="Loading notifications" count={3} rowClassName="flex gap-3 px-4 py-3">
          <Skeleton className="size-8 shrink-0 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-3.5 w-3/4" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-16" />
          </div>
        </SkeletonList>
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
            <NotificationItem key={n.id} notification={n} now={now} onSelect={onSelect} />
          ))}
        </ul>
      )}
    </div>
  );
}
