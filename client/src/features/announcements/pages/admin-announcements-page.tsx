import type { TAnnouncement } from "@common/announcements";
import { Megaphone, Pencil, Plus, XCircle } from "lucide-react";
import { Suspense, useState } from "react";
import { Link } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/lib/current-user";
import { useFormat, useT } from "@/lib/i18n";
import { lazyComponent, usePreload } from "@/lib/lazy";
import { safeTimeZone } from "@/lib/time-zone";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAnnouncements } from "../api";
import { AnnouncementStats } from "../components/announcement-stats";
import { CancelDialog } from "../components/edit-actions";
import { StatusBadge, UrgentBadge } from "../components/status-badge";
import { WHEN_FORMAT } from "../format";
import { announcementsCatalog } from "../i18n";
import { useAudienceText } from "../use-audience";

// The composer (its form library and the contract) downloads after the list is drawn, or when a
// pointer nears "New announcement".
const ComposerDialog = lazyComponent(() => import("../components/composer-dialog").then((m) => m.ComposerDialog));

function ListSkeleton() {
  const t = useT(announcementsCatalog);
  return (
    <ul className="grid gap-3" aria-label={t("admin.loading")}>
      {skeletonKeys(3).map((key) => (
        <li key={key} className="grid gap-3 rounded-2xl border border-border bg-card p-5">
          <Skeleton className="h-5 w-32 rounded-full" />
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
        </li>
      ))}
    </ul>
  );
}

function Row({
  announcement: a,
  onEdit,
  onCancel,
}: {
  announcement: TAnnouncement;
  onEdit: (a: TAnnouncement) => void;
  onCancel: (a: TAnnouncement) => void;
}) {
  const t = useT(announcementsCatalog);
  const format = useFormat();
  const user = useCurrentUser();
  const audienceText = useAudienceText();
  const zone = safeTimeZone(user.church.timeZone);
  const at = (iso: string) => format.date(iso, { ...WHEN_FORMAT, timeZone: zone });
  const when =
    a.status === "sent" && a.sentAt
      ? t("admin.sentAt", { when: at(a.sentAt) })
      : a.sendAt
        ? t("admin.scheduledFor", { when: at(a.sendAt) })
        : t("admin.notScheduled");
  const isOpen = a.status === "draft" || a.status === "scheduled";
  const titleId = `admin-announcement-${a.id}`;
  return (
    <li>
      <article aria-labelledby={titleId} className="grid gap-3 rounded-2xl border border-border bg-card p-5 shadow-xs">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={a.status} />
          {a.urgent && <UrgentBadge />}
          <span className="text-sm text-muted-foreground">{when}</span>
        </div>
        <div className="grid gap-1">
          <h2 id={titleId} className="text-lg font-semibold tracking-tight break-words">
            <Link
              href={`/announcements/${a.id}`}
              className="rounded-sm text-foreground hover:text-brand-text hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--brand)]"
            >
              {a.title}
            </Link>
          </h2>
          <p className="text-sm text-muted-foreground">
            {t("audience.to", { audience: audienceText(a) })}
            {a.author && ` · ${t("admin.by", { name: a.author.name })}`}
          </p>
        </div>
        {a.status === "sent" && a.recipients !== null && <AnnouncementStats announcement={a} compact />}
        {isOpen && a.canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onPointerEnter={ComposerDialog.preload} onClick={() => onEdit(a)}>
              <Pencil aria-hidden="true" />
              {t("admin.edit")}
            </Button>
            <Button variant="outline" size="sm" onClick={() => onCancel(a)}>
              <XCircle aria-hidden="true" />
              {t("cancel.confirm")}
            </Button>
          </div>
        )}
      </article>
    </li>
  );
}

/**
 * Issue 29, `/admin/announcements`: every announcement of the church with its status (draft,
 * scheduled with its time, sending, sent) and, once sent, how it went; New announcement, and Edit or
 * Cancel before it goes.
 */
export function AdminAnnouncementsPage() {
  const t = useT(announcementsCatalog);
  const list = useAnnouncements();
  const [editing, setEditing] = useState<{ announcement: TAnnouncement | null } | null>(null);
  const [isUsed, setUsed] = useState(false);
  const [asked, setAsked] = useState<TAnnouncement | null>(null);
  usePreload([ComposerDialog.preload]);
  useDocumentTitle(t("admin.title"));
  const items = list.data?.pages.flat() ?? [];
  const open = (announcement: TAnnouncement | null) => {
    setUsed(true);
    setEditing({ announcement });
  };

  const newButton = (
    <Button onPointerEnter={ComposerDialog.preload} onFocus={ComposerDialog.preload} onClick={() => open(null)}>
      <Plus aria-hidden="true" />
      {t("admin.new")}
    </Button>
  );

  return (
    <>
      <PageHeader title={t("admin.title")} description={t("admin.description")} actions={newButton} />
      {list.isLoading ? (
        <ListSkeleton />
      ) : list.isError ? (
        <LoadError card what={t("admin.loadError")} onRetry={() => list.refetch()} className="p-8 text-center" />
      ) : items.length === 0 ? (
        <Card>
          <EmptyState
            icon={Megaphone}
            title={t("admin.empty.title")}
            description={t("admin.empty.description")}
            action={newButton}
          />
        </Card>
      ) : (
        <>
          <ul className="grid gap-3" aria-label={t("admin.list")}>
            {items.map((a) => (
              <Row key={a.id} announcement={a} onEdit={open} onCancel={setAsked} />
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
                {list.isFetchingNextPage ? t("page.loadingMore") : t("page.loadMore")}
              </Button>
            </div>
          )}
        </>
      )}
      <CancelDialog announcement={asked} onClose={() => setAsked(null)} />
      {isUsed && (
        <Suspense fallback={null}>
          <ComposerDialog
            open={editing !== null}
            onOpenChange={(isOpen) => !isOpen && setEditing(null)}
            announcement={editing?.announcement ?? null}
          />
        </Suspense>
      )}
    </>
  );
}
