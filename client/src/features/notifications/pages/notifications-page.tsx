import { NOTIFICATION_KIND_LABELS } from "@common/notification-helpers";
import type { TNotificationKind } from "@common/notifications";
import { BellOff, CheckCheck, ChevronDown, Loader2, Settings2 } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useFormat, useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useNow } from "@/lib/use-now";
import { useNotificationPages } from "../api";
import { NotificationItem } from "../components/notification-item";
import { NotificationSkeleton } from "../components/notification-skeleton";
import { getAppPath } from "../format";
import { groupNotifications, type TNotificationLine, unreadIdsOf } from "../group";
import { notificationsCatalog } from "../i18n";
import { useMarkAllNotificationsRead, useMarkNotificationRead } from "../mark-read";

/** The filter's choices: every kind in words, but the test push, which only its sender sees in passing. */
const KIND_OPTIONS = (Object.keys(NOTIFICATION_KIND_LABELS) as TNotificationKind[]).filter((kind) => kind !== "test");

/**
 * Issue 24 `/notifications`: the member's whole history, newest first, a page at a time, of one
 * kind or all; news that came together is one line (group.ts). A line opens its page and is marked
 * read; "Mark all read" marks every one, whatever the filter.
 */
export function NotificationsPage() {
  const t = useT(notificationsCatalog);
  const format = useFormat();
  useDocumentTitle(t("page.title"));
  const [kind, setKind] = useState<string | null>(null);
  const pages = useNotificationPages(kind);
  const { markAll, isPending } = useMarkAllNotificationsRead();
  const markRead = useMarkNotificationRead();
  const [, navigate] = useLocation();
  const now = useNow(60_000);
  const all = pages.data?.pages.flatMap((p) => p.notifications) ?? [];
  // The count of every kind, from the newest answer (each page carries it).
  const unreadCount = pages.data?.pages[0]?.unreadCount ?? 0;

  const open = (line: TNotificationLine) => {
    markRead(unreadIdsOf(line));
    const path = getAppPath(line.link);
    if (path) navigate(path);
  };

  return (
    <>
      <PageHeader
        title={t("page.title")}
        description={
          unreadCount > 0 ? t("page.descriptionUnread", { count: format.number(unreadCount) }) : t("page.description")
        }
        actions={
          <>
            <Link href="/notifications/settings" className={buttonClasses({ variant: "outline" })}>
              <Settings2 aria-hidden="true" />
              {t("page.settings")}
            </Link>
            <Button variant="outline" onClick={markAll} disabled={isPending || unreadCount === 0}>
              <CheckCheck aria-hidden="true" />
              {t("page.markAllRead")}
            </Button>
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <label htmlFor="notification-kind" className="text-sm font-medium text-foreground">
          {t("page.show")}
        </label>
        <div className="relative w-full sm:w-64">
          <select
            id="notification-kind"
            value={kind ?? ""}
            onChange={(e) => setKind(e.target.value || null)}
            className="h-10 w-full appearance-none rounded-lg border border-input bg-card pe-9 ps-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <option value="">{t("page.all")}</option>
            {KIND_OPTIONS.map((value) => (
              <option key={value} value={value}>
                {t(`kind.${value}`)}
              </option>
            ))}
          </select>
          <ChevronDown
            className="pointer-events-none absolute top-3 end-3 size-4 text-muted-foreground"
            aria-hidden="true"
          />
        </div>
      </div>
      <Card className="overflow-hidden">
        {pages.isLoading ? (
          <NotificationSkeleton />
        ) : pages.isError && all.length === 0 ? (
          <LoadError what={t("page.error")} onRetry={() => pages.refetch()} className="p-8 text-center" />
        ) : all.length === 0 ? (
          <EmptyState
            icon={BellOff}
            title={kind ? t("page.noneOfKind") : t("page.empty")}
            description={kind ? t("page.noneOfKindDescription") : t("page.emptyDescription")}
          />
        ) : (
          <ul aria-label={t("page.list")} className="divide-y divide-border">
            {groupNotifications(all).map((line) => (
              <NotificationItem key={line.key} notification={line} now={now} onSelect={open} />
            ))}
          </ul>
        )}
      </Card>
      {pages.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
            {pages.isFetchingNextPage ? t("page.loadingMore") : t("page.loadMore")}
          </Button>
        </div>
      )}
      {pages.isFetchNextPageError && (
        <LoadError what={t("page.moreError")} onRetry={() => pages.fetchNextPage()} className="mt-3 text-center" />
      )}
    </>
  );
}
