import { BookOpen, SearchX } from "lucide-react";
import { startTransition, useEffect, useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { SearchToolbar } from "@/components/search-toolbar";
import { Card } from "@/components/ui/card";
import { skeletonKeys } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSermonSpeakers } from "../api";
import { LoadMore } from "../components/load-more";
import { SermonCard, SermonCardSkeleton } from "../components/sermon-card";
import { SpeakerFilter } from "../components/speaker-filter";
import { sermonsCatalog } from "../i18n";
import { useSermonList } from "../use-sermon-list";

/** What a phone's first screen shows (one column) and a wide screen's first two rows (three columns). */
export const FIRST_SCREEN_CARDS = 6;

/**
 * The first page's cards past the first screen are drawn after it, in a transition: React renders
 * them in slices that leave the main thread free, instead of one long task that delayed the first
 * paint and a phone's first tap (issue 30: Lighthouse counted 24 cards drawn at once).
 */
function useFirstScreen<T>(items: T[]): { shown: T[]; isFirstScreen: boolean } {
  const [isFirstScreen, setIsFirstScreen] = useState(true);
  const hasMore = items.length > FIRST_SCREEN_CARDS;
  useEffect(() => {
    if (isFirstScreen && hasMore) startTransition(() => setIsFirstScreen(false));
  }, [isFirstScreen, hasMore]);
  return { shown: isFirstScreen ? items.slice(0, FIRST_SCREEN_CARDS) : items, isFirstScreen };
}

/** Spec 1 screen 6: the Sermon Archive (`/sermons`), searched and paged by the server as the member scrolls. */
export function SermonArchivePage() {
  const t = useT(sermonsCatalog);
  const user = useCurrentUser();
  const list = useSermonList();
  const { query, sermons, total } = list;
  const { shown, isFirstScreen } = useFirstScreen(sermons);
  const speakers = useSermonSpeakers();
  useDocumentTitle(t("archive.title"));

  return (
    <>
      <PageHeader title={t("archive.title")} description={t("archive.description", { church: user.church.name })} />

      <SearchToolbar
        className="mb-6"
        label={t("archive.searchLabel")}
        placeholder={t("archive.searchPlaceholder")}
        value={list.search}
        onChange={list.setSearch}
      >
        <SpeakerFilter speakers={speakers.data ?? []} value={list.speaker} onValueChange={list.setSpeaker} />
      </SearchToolbar>

      {query.isLoading ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("list.loading")}>
          {skeletonKeys(6).map((key) => (
            <SermonCardSkeleton key={key} />
          ))}
        </ul>
      ) : query.isError && sermons.length === 0 ? (
        <LoadError card what={t("list.loadErrorWhat")} onRetry={() => query.refetch()} className="p-8 text-center" />
      ) : sermons.length === 0 ? (
        <Card>
          {list.isFiltered ? (
            <EmptyState
              icon={SearchX}
              title={t("archive.noMatch.title")}
              description={t("archive.noMatch.description")}
            />
          ) : (
            <EmptyState icon={BookOpen} title={t("archive.empty.title")} description={t("archive.empty.description")} />
          )}
        </Card>
      ) : (
        <>
          <ul
            className="grid gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3 data-[stale=true]:opacity-60"
            data-stale={query.isPlaceholderData}
            aria-busy={list.isLoadingMore}
          >
            {shown.map((s, i) => (
              <SermonCard key={s.id} sermon={s} isFirst={i === 0} />
            ))}
            {list.isLoadingMore && skeletonKeys(3).map((key) => <SermonCardSkeleton key={key} />)}
          </ul>
          <LoadMore
            shown={sermons.length}
            total={total}
            hasMore={list.hasMore}
            isLoadingMore={list.isLoadingMore}
            // Not before the first page is drawn whole: its sentinel would ask for the next page at once.
            canLoadMore={list.canLoadMore && !isFirstScreen}
            onLoadMore={list.loadMore}
            end={total > 6 ? t("archive.end") : undefined}
          />
        </>
      )}
    </>
  );
}
