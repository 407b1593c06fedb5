import { ArrowRight, BellOff, CheckCheck } from "lucide-react";
import { Link, useLocation } from "wouter";
import { LoadError } from "@/components/load-error";
import { useT } from "@/lib/i18n";
import { useNow } from "@/lib/use-now";
import { useNotifications } from "../api";
import { getAppPath } from "../format";
import { groupNotifications, type TNotificationLine, unreadIdsOf } from "../group";
import { notificationsCatalog } from "../i18n";
import { useMarkAllNotificationsRead, useMarkNotificationRead } from "../mark-read";
import { NotificationItem } from "./notification-item";
import { NotificationSkeleton } from "./notification-skeleton";

/**
 * What the bell's popover shows: the heading with "Mark all read", then the list or its state, and
 * "See all notifications" (the notifications page). A click marks the line read (all of a group),
 * closes the popover (`onClose`) and opens its page.
 */
export function NotificationList({ onClose }: { onClose: () => void }) {
  const t = useT(notificationsCatalog);
  const query = useNotifications();
  const { markAll, isPending } = useMarkAllNotificationsRead();
  const markRead = useMarkNotificationRead();
  const [, navigate] = useLocation();
  // Relative times move on while the popover stays open.
  const now = useNow(60_000);
  const list = query.data;

  const select = (line: TNotificationLine) => {
    markRead(unreadIdsOf(line));
    onClose();
    const path = getAppPath(line.link);
    if (path) navigate(path);
  };

  return (
    <div className="grid">
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 className="text-sm font-semibold">{t("list.title")}</h2>
        {!!list?.unreadCount && (
          <button
            type="button"
            onClick={markAll}
            disabled={isPending}
            className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-xs font-medium text-brand-text hover:bg-brand-soft disabled:opacity-55"
          >
            <CheckCheck className="size-3.5" aria-hidden="true" />
            {t("page.markAllRead")}
          </button>
        )}
      </div>
      {query.isLoading ? (
        <NotificationSkeleton />
      ) : query.isError || !list ? (
        <LoadError what={t("page.error")} onRetry={() => query.refetch()} className="px-4 py-6" />
      ) : list.notifications.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
          <BellOff className="size-6 text-stone-400" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">{t("page.empty")}</p>
        </div>
      ) : (
        <ul aria-label={t("page.list")} className="max-h-[min(24rem,60dvh)] divide-y divide-border overflow-y-auto">
          {groupNotifications(list.notifications).map((line) => (
            <NotificationItem key={line.key} notification={line} now={now} onSelect={select} />
          ))}
        </ul>
      )}
      <Link
        href="/notifications"
        onClick={onClose}
        className="flex items-center justify-center gap-1.5 border-t border-border px-4 py-3 text-sm font-medium text-brand-text hover:bg-brand-soft focus-visible:bg-brand-soft focus-visible:outline-none"
      >
        {t("list.seeAll")}
        <ArrowRight className="rtl:-scale-x-100 size-4" aria-hidden="true" />
      </Link>
    </div>
  );
}
