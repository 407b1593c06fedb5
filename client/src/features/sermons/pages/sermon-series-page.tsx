import { ArrowLeft, Layers, SearchX } from "lucide-react";
import { Link } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { skeletonKeys } from "@/components/ui/skeleton";
import { getStatus } from "@/lib/api-client";
import { useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSermonPages, useSermonSeries } from "../api";
import { LoadMore } from "../components/load-more";
import { SermonCard, SermonCardSkeleton } from "../components/sermon-card";
import { useSermonFormat } from "../format";
import { sermonsCatalog } from "../i18n";

function BackToSermons() {
  const t = useT(sermonsCatalog);
  return (
    <Link
      href="/sermons"
      className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-brand-text hover:underline"
    >
      <ArrowLeft className="rtl:-scale-x-100 size-4" aria-hidden="true" />
      {t("list.allSermons")}
    </Link>
  );
}

function SeriesNotFound() {
  const t = useT(sermonsCatalog);
  useDocumentTitle(t("series.notFound.pageTitle"));
  return (
    <Card>
      <EmptyState
        icon={SearchX}
        title={t("series.notFound.title")}
        description={t("series.notFound.description")}
        action={
          <Link href="/sermons" className={buttonClasses({ variant: "outline" })}>
            {t("series.notFound.browse")}
          </Link>
        }
      />
    </Card>
  );
}

/**
 * Issue 24: a sermon series (`/sermons/series/{name}`): its name, how many sermons and when, and the
 * sermons in the order they were preached, paged by the server like the archive.
 */
export function SermonSeriesPage({ name }: { name: string }) {
  const t = useT(sermonsCatalog);
  const format = useSermonFormat();
  const series = useSermonSeries(name);
  const pages = useSermonPages({ search: "", speaker: "", series: name });
  useDocumentTitle(series.data ? t("series.pageTitle", { name: series.data.name }) : t("series.pageTitleLoading"));

  const sermons = pages.data?.pages.flatMap((p) => p.sermons) ?? [];
  const total = pages.data?.pages.at(-1)?.total ?? 0;
  const canLoadMore = !!pages.hasNextPage && !pages.isFetchingNextPage && !pages.isError;
  const loadMore = () => {
    if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
  };

  if (getStatus(series.error) === 404) {
    return (
      <>
        <BackToSermons />
        <SeriesNotFound />
      </>
    );
  }

  const s = series.data;
  return (
    <>
      <BackToSermons />
      <p className="mb-1 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-brand-text uppercase">
        <Layers className="size-3.5" aria-hidden="true" />
        {t("series.eyebrow")}
      </p>
      <PageHeader
        title={<span className="break-words">{name}</span>}
        description={
          s ? (
            t("series.summary", { count: s.count, dates: format.dateRange(s.firstDate, s.lastDate) })
          ) : series.isLoading ? (
            <span role="status" aria-label={t("series.loading")}>
              <span aria-hidden="true" className="inline-block h-4 w-48 animate-pulse rounded-md bg-stone-200/70" />
            </span>
          ) : undefined
        }
      />
      {series.isError && (
        <LoadError what={t("series.detailsLoadErrorWhat")} onRetry={() => series.refetch()} className="-mt-4 mb-6" />
      )}

      {pages.isLoading ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("list.loading")}>
          {skeletonKeys(3).map((key) => (
            <SermonCardSkeleton key={key} />
          ))}
        </ul>
      ) : pages.isError && sermons.length === 0 ? (
        <LoadError
          card
          what={t("series.sermonsLoadErrorWhat")}
          onRetry={() => pages.refetch()}
          className="p-8 text-center"
        />
      ) : sermons.length === 0 ? (
        <Card>
          <EmptyState icon={Layers} title={t("series.empty")} />
        </Card>
      ) : (
        <>
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("series.listLabel", { name })}>
            {sermons.map((sermon) => (
              <SermonCard key={sermon.id} sermon={sermon} linkSeries={false} />
            ))}
            {pages.isFetchingNextPage && skeletonKeys(3).map((key) => <SermonCardSkeleton key={key} />)}
          </ol>
          <LoadMore
            shown={sermons.length}
            total={total}
            hasMore={!!pages.hasNextPage}
            isLoadingMore={pages.isFetchingNextPage}
            canLoadMore={canLoadMore}
            onLoadMore={loadMore}
          />
        </>
      )}
    </>
  );
}
