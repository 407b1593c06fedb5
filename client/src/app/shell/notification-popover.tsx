import type { ReactElement } from "react";
import { Suspense } from "react";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { NotificationSkeleton } from "@/features/notifications/components/notification-skeleton";
import { useT } from "@/lib/i18n";
import { lazyComponent } from "@/lib/lazy";
import { shellCatalog } from "../i18n";

// The list's code comes when the popover opens (or is preloaded with it), not with every page.
const NotificationList = lazyComponent(() =>
  import("@/features/notifications/components/notification-list").then((m) => m.NotificationList),
);

export const preloadNotificationList = NotificationList.preload;

/**
 * The bell's popover: loaded on the bell's first use (notification-bell.tsx), so that the
 * positioning library behind it is not part of every page's first load.
 */
export function NotificationPopover({
  open,
  onOpenChange,
  align,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  align: "start" | "end";
  trigger: ReactElement;
}) {
  const t = useT(shellCatalog);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent
        align={align}
        aria-label={t("notifications.label")}
        className="w-[min(22rem,calc(100vw-1.5rem))] overflow-hidden p-0!"
      >
        <Suspense fallback={<NotificationSkeleton />}>
          <NotificationList onClose={() => onOpenChange(false)} />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}
