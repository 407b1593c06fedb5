import { Bell } from "lucide-react";
import { Suspense, useState } from "react";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { useNotificationFrames, useNotifications } from "@/features/notifications/api";
import { NotificationSkeleton } from "@/features/notifications/components/notification-skeleton";
import { formatUnreadCount, getBellLabel } from "@/features/notifications/format";
import { lazyComponent } from "@/lib/lazy";
import { cn } from "@/lib/utils";

// The list's code comes when a pointer or the keyboard nears the bell, not with every page.
const NotificationList = lazyComponent(() =>
  import("@/features/notifications/components/notification-list").then((m) => m.NotificationList),
);

/**
 * The notification bell (spec 2 Shell layout, §9): the unread count ("9+" above 9) and a popover
 * with the list. Polled every 30 s, and at once when an open socket says a notification arrived.
 */
export function NotificationBell({ align = "start", className }: { align?: "start" | "end"; className?: string }) {
  const [open, setOpen] = useState(false);
  const { data } = useNotifications();
  useNotificationFrames();
  const unread = data?.unreadCount ?? 0;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        aria-label={getBellLabel(unread)}
        onPointerEnter={NotificationList.preload}
        onFocus={NotificationList.preload}
        className={cn(
          "relative inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground",
          className,
        )}
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-card"
          >
            {formatUnreadCount(unread)}
          </span>
        )}
      </PopoverTrigger>
      <PopoverContent
        align={align}
        aria-label="Notifications"
        className="w-[min(22rem,calc(100vw-1.5rem))] overflow-hidden p-0!"
      >
        <Suspense fallback={<NotificationSkeleton />}>
          <NotificationList onClose={() => setOpen(false)} />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}
