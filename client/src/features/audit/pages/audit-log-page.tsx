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
import { useDocumentTitle } from "@/lib/use-document-title";
import { auditSearch, NO_AUDIT_FILTERS, type TAuditFilters, useAuditActors, useAuditPages } from "../api";
import { AuditEntryList } from "../components/audit-entry-list";
import { AuditFilters } from "../components/audit-filters";

const RANGE_ERROR = "The start date must be on or before the end date.";

function AuditSkeleton() {
  return (
    <SkeletonList label="Loading the audit log" count={5} rowClassName="grid gap-2 px-4 py-4">
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
  useDocumentTitle("Audit log");
  const { church } = useCurrentUser();
  const [filters, setFilters] = useState<TAuditFilters>(NO_AUDIT_FILTERS);
  const rangeError = filters.from && filters.to && filters.from > filters.to ? RANGE_ERROR : undefined;
  const pages = useAuditPages(filters, !rangeError);
  const actors = useAuditActors();
  // Offset pages: entries made since the first page push older ones down, so one may come twice.
  const entries = [...new Map((pages.data?.pages.flat() ?? []).map((e) => [e.id, e])).values()];
  const isFiltered = Object.values(filters).some(Boolean);

  return (
    <>
      <PageHeader
        title="Audit log"
        description={`Every change an admin or the app made to the church, newest first. Times are in ${church.timeZone}.`}
        actions={
          <Button asChild variant="outline">
            <a href={`/api/admin/audit.csv${auditSearch(filters)}`} download>
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        }
      />
      <AuditFilters filters={filters} actors={actors.data ?? []} onChange={setFilters} rangeError={rangeError} />
      <Card className="overflow-hidden">
        {rangeError ? (
          <EmptyState icon={ScrollText} title="Choose a start date on or before the end date" />
        ) : pages.isLoading ? (
          <AuditSkeleton />
        ) : pages.isError && entries.length === 0 ? (
          <LoadError what="The audit log" onRetry={() => pages.refetch()} className="p-8 text-center" />
        ) : entries.length === 0 ? (
          <EmptyState
            icon={ScrollText}
            title={isFiltered ? "No entries match" : "No entries yet"}
            description={
              isFiltered
                ? "Try another person, action or range of days, or clear the filters."
                : "Changes to settings, members, sermons, events and more will be listed here."
            }
          />
        ) : (
          <AuditEntryList entries={entries} timeZone={church.timeZone} />
        )}
      </Card>
      {pages.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
            {pages.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        </div>
      )}
      {pages.isFetchNextPageError && (
        <LoadError what="More entries" onRetry={() => pages.fetchNextPage()} className="mt-3 text-center" />
      )}
    </>
  );
}
