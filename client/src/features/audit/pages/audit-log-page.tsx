import { Download, Loader2, ScrollText } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { SkeletonList } from "@/components/skeleton-list";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { auditSearch, NO_AUDIT_FILTERS, type TAuditFilters, useAuditActors, useAuditPages } from "../api";
import { AuditEntryList } from "../components/audit-entry-list";
import { AuditFilters } from "../components/audit-filters";
import { auditCatalog } from "../i18n";

function AuditSkeleton() {
  const t = useT(auditCatalog);
  return (
    <SkeletonList label={t("page.loading")} count={5} rowClassName="grid gap-2 px-4 py-4">
      <div className="flex justify-between gap-3">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-3 w-24" />
      </div>
      <Skeleton className="h-3 w-1/2" />
      <Skeleton className="h-3 w-3/4" />
    </SkeletonList>
  );
}

/**
 * Issue 25 `/admin/audit`: every change an admin or the app made to the church, newest first, a
 * page at a time, filtered by person, action and days (the church's time zone, as the server reads
 * them); "Download CSV" gives the same entries with the same filters.
 */
export function AuditLogPage() {
  const t = useT(auditCatalog);
  useDocumentTitle(t("page.title"));
  const { church } = useCurrentUser();
  const [filters, setFilters] = useState<TAuditFilters>(NO_AUDIT_FILTERS);
  const rangeError = filters.from && filters.to && filters.from > filters.to ? t("page.rangeError") : undefined;
  const pages = useAuditPages(filters, !rangeError);
  const actors = useAuditActors();
  // Offset pages: entries made since the first page push older ones down, so one may come twice.
  const entries = [...new Map((pages.data?.pages.flatMap((p) => p.items) ?? []).map((e) => [e.id, e])).values()];
  const isFiltered = Object.values(filters).some(Boolean);

  return (
    <>
      <PageHeader
        title={t("page.title")}
        description={t("page.description", { timeZone: church.timeZone })}
        actions={
          <Button asChild variant="outline">
            <a href={`/api/admin/audit.csv${auditSearch(filters)}`} download>
              <Download aria-hidden="true" />
              {t("page.download")}
            </a>
          </Button>
        }
      />
      <AuditFilters filters={filters} actors={actors.data ?? []} onChange={setFilters} rangeError={rangeError} />
      <Card className="overflow-hidden">
        {rangeError ? (
          <EmptyState icon={ScrollText} title={t("page.rangeEmpty")} />
        ) : pages.isLoading ? (
          <AuditSkeleton />
        ) : pages.isError && entries.length === 0 ? (
          <LoadError what={t("page.loadError")} onRetry={() => pages.refetch()} className="p-8 text-center" />
        ) : entries.length === 0 ? (
          <EmptyState
            icon={ScrollText}
            title={isFiltered ? t("page.noMatch") : t("page.noEntries")}
            description={isFiltered ? t("page.noMatchDescription") : t("page.noEntriesDescription")}
          />
        ) : (
          <AuditEntryList entries={entries} timeZone={church.timeZone} />
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
        <LoadError what={t("page.moreLoadError")} onRetry={() => pages.fetchNextPage()} className="mt-3 text-center" />
      )}
    </>
  );
}
