import { BookUser, EyeOff } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { SearchToolbar } from "@/components/search-toolbar";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { Rich, useT } from "@/lib/i18n";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useDirectory, usePrivacy } from "../api";
import { DirectoryCard } from "../components/directory-card";
import { directoryCatalog } from "../i18n";

const LIST = "grid gap-4 sm:grid-cols-2 xl:grid-cols-3";
export const DIRECTORY_SEARCH_DEBOUNCE_MS = 250;

function ListSkeleton() {
  const t = useT(directoryCatalog);
  return (
    <ul className={LIST} aria-label={t("list.loading")}>
      {skeletonKeys(6).map((key) => (
        <li key={key} className="grid gap-3 rounded-2xl border border-border bg-card p-4">
          <div className="flex items-center gap-3">
            <Skeleton className="size-12 rounded-full" />
            <Skeleton className="h-5 w-40" />
          </div>
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </li>
      ))}
    </ul>
  );
}

/**
 * Issue 27, `/directory`: the church's members by name, each with the details they chose to show
 * the caller (the server leaves out the rest), searchable by name, a page at a time.
 */
export function DirectoryPage() {
  const t = useT(directoryCatalog);
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), DIRECTORY_SEARCH_DEBOUNCE_MS);
  const directory = useDirectory(q);
  const privacy = usePrivacy();
  useDocumentTitle(t("page.title"));
  const people = directory.data?.pages.flat() ?? [];

  return (
    <>
      <PageHeader title={t("page.title")} description={t("page.description")} />
      {privacy.data?.hidden && (
        <p className="mb-4 flex items-start gap-2 rounded-xl border border-border bg-muted/50 p-3 text-sm text-muted-foreground">
          <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <Rich
              catalog={directoryCatalog}
              k="hidden.notice"
              components={{ 0: <Link href="/profile" className="font-medium text-brand-text underline" /> }}
            />
          </span>
        </p>
      )}
      <SearchToolbar
        label={t("search.label")}
        placeholder={t("search.placeholder")}
        value={search}
        onChange={setSearch}
        className="mb-6"
      />
      {directory.isLoading ? (
        <ListSkeleton />
      ) : directory.isError ? (
        <LoadError card what={t("page.loadError")} onRetry={() => directory.refetch()} className="p-8 text-center" />
      ) : people.length === 0 ? (
        <Card>
          {q ? (
            <EmptyState icon={BookUser} title={t("noMatch.title", { q })} description={t("noMatch.description")} />
          ) : (
            <EmptyState icon={BookUser} title={t("empty.title")} description={t("empty.description")} />
          )}
        </Card>
      ) : (
        <>
          <ul className={LIST} aria-label={t("list.label")}>
            {people.map((person) => (
              <DirectoryCard key={person.id} person={person} />
            ))}
          </ul>
          {directory.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button
                variant="outline"
                onClick={() => directory.fetchNextPage()}
                disabled={directory.isFetchingNextPage}
              >
                {directory.isFetchingNextPage ? t("list.loadingMore") : t("list.loadMore")}
              </Button>
            </div>
          )}
        </>
      )}
    </>
  );
}
