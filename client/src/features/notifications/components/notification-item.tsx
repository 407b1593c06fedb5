import type { TNotificationType } from "@common/notifications";
import {
  Bell,
  BookOpen,
  CalendarDays,
  HeartHandshake,
  type LucideIcon,
  Megaphone,
  Sparkles,
  Trophy,
} from "lucide-react";
import { useFormat, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { TNotificationLine } from "../group";
import { notificationsCatalog } from "../i18n";

const TYPE_ICONS: Record<TNotificationType, LucideIcon> = {
  sermon: BookOpen,
  event: CalendarDays,
  prayer: HeartHandshake,
  announcement: Megaphone,
  system: Sparkles,
  other: Bell,
};

/** Kudos are "other" to the spec; the bell shows them with Member Recognition's trophy. */
function getIcon(line: TNotificationLine): LucideIcon {
  return line.kind.startsWith("kudos") ? Trophy : TYPE_ICONS[line.items[0].type];
}

/**
 * One line of the list (a notification, or several that came together): a button that marks it read
 * and opens its page. Unread ones are tinted and dotted.
 */
export function NotificationItem({
  notification,
  now,
  onSelect,
}: {
  notification: TNotificationLine;
  now: Date;
  onSelect: (line: TNotificationLine) => void;
}) {
  const t = useT(notificationsCatalog);
  const format = useFormat();
  const Icon = getIcon(notification);
  // Several that came together are counted in the reader's language ("3 new sermons"); one says its own title.
  const count = notification.items.length;
  const title = count > 1 ? t(`group.${notification.kind}` as "group.sermon_published", { count }) : notification.title;
  const when = format.relative(notification.createdAt, now);
  const isUnread = !notification.isRead;
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(notification)}
        className={cn(
          "flex w-full gap-3 px-4 py-3 text-start transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:outline-none",
          isUnread && "bg-brand-soft/60",
        )}
      >
        <span
          className={cn(
            "mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full",
            isUnread ? "bg-brand-soft text-brand-text" : "bg-stone-100 text-stone-500",
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className={cn("text-sm break-words", isUnread ? "font-semibold text-foreground" : "text-stone-700")}>
            {isUnread && <span className="sr-only">{t("item.unread")}</span>}
            {title}
          </span>
          {notification.message && (
            <span className="line-clamp-2 text-sm break-words text-muted-foreground">{notification.message}</span>
          )}
          <time dateTime={notification.createdAt} className="text-xs text-muted-foreground">
            {when}
          </time>
        </span>
        {isUnread && <span className="mt-2 size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />}
      </button>
    </li>
  );
}
