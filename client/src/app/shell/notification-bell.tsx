import { Bell } from "lucide-react";
import { type ComponentProps, forwardRef, Suspense, useState } from "react";
import { useNotificationFrames, useNotifications } from "@/features/notifications/api";
import { formatUnreadCount } from "@/features/notifications/format";
import { useT } from "@/lib/i18n";
import { lazyComponent } from "@/lib/lazy";
import { cn } from "@/lib/utils";
import { shellCatalog } from "../i18n";

// The popover (and the positioning library under it) and the list come when a pointer or the
// keyboard nears the bell, and are drawn from its first click on: not with every page.
const NotificationPopover = lazyComponent(() =>
  import("./notification-popover").then((m) => {
    m.preloadNotificationList();
    return m.NotificationPopover;
  }),
);

const BellButton = forwardRef<HTMLButtonElement, ComponentProps<"button"> & { unread: number }>(function BellButton(
  { unread, className, ...props },
  ref,
) {
  // The bell's name for screen readers: the real count, not the capped one.
  const t = useT(shellCatalog);
  return (
    <button
      ref={ref}
      type="button"
      aria-label={unread > 0 ? t("notifications.unreadLabel", { count: unread }) : t("notifications.label")}
      className={cn(
        "relative inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground",
        className,
      )}
      {...props}
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -end-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-card"
        >
          {formatUnreadCount(unread)}
        </span>
      )}
    </button>
  );
});

/**
 * The notification bell (spec 2 Shell layout, §9): the unread count ("9+" above 9) and a popover
 * with the list. Polled every 30 s, and at once when an open socket says a notification arrived.
 * Until its first click it is a plain button; the click loads the popover, which opens at once and
 * takes the focus as it would have.
 */
export function NotificationBell({ align = "start", className }: { align?: "start" | "end"; className?: string }) {
  const [open, setOpen] = useState(false);
  const [isUsed, setIsUsed] = useState(false);
  const { data } = useNotifications();
  useNotificationFrames();
  const unread = data?.unreadCount ?? 0;
  const plain = (
    <BellButton
      unread={unread}
      className={className}
      aria-expanded={false}
      aria-haspopup="dialog"
      onPointerEnter={NotificationPopover.preload}
      onFocus={NotificationPopover.preload}
      onClick={() => {
        setIsUsed(true);
        setOpen(true);
      }}
    />
  );
  if (!isUsed) return plain;
  return (
    <Suspense fallback={plain}>
      <NotificationPopover
        open={open}
        onOpenChange={setOpen}
        align={align}
        trigger={<BellButton unread={unread} className={className} />}
      />
    </Suspense>
  );
}
