import { Megaphone } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useNow } from "@/lib/use-now";
import { useAnnouncements } from "../api";
import { AnnouncementCard } from "../components/announcement-card";
import { announcementsCatalog } from "../i18n";

const LIST = "mx-auto grid max-w-3xl gap-4";

function ListSkeleton() {
  const t = useT(announcementsCatalog);
  return (
    <ul className={LIST} aria-label={t("page.loading")}>
      {skeletonKeys(3).map((key) => (
        <li key={key} className="grid gap-3 rounded-2xl border border-border bg-card p-5">
          <Skeleton className="h-4 w-24 rounded-full" />
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
        </li>
      ))}
    </ul>
  );
}

/**
 * Issue 29, `/announcements`: the announcements sent to the member, newest first, a page at a time;
 * urgent ones marked, unread ones say New, each opens its page.
 */
export function AnnouncementsPage() {
  const t = useT(announcementsCatalog);
  const list = useAnnouncements();
  const now = useNow();
  useDocumentTitle(t("page.title"));
  // An admin's list holds drafts and scheduled ones too; this page shows what reached the reader.
  const items = (list.data?.pages.flat() ?? []).filter((a) => a.status === "sent" || a.canEdit);

  return (
    <>
      <div className="mx-auto max-w-3xl">
        <PageHeader title={t("page.title")} description={t("page.description")} />
      </div>
      {list.isLoading ? (
        <ListSkeleton />
      ) : list.isError ? (
        <LoadError
          card
          what={t("page.loadError")}
          onRetry={() => list.refetch()}
          className="mx-auto max-w-3xl p-8 text-center"
        />
      ) : items.length === 0 ? (
        <Card className="mx-auto max-w-3xl">
          <EmptyState icon={Megaphone} title={t("page.empty.title")} description={t("page.empty.description")} />
        </Card>
      ) : (
        <>
          <ul className={LIST} aria-label={t("page.list")}>
            {items.map((a) => (
              <AnnouncementCard key={a.id} announcement={a} now={now} />
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
    </>
  );
}
