import { BookOpen, Loader2, SearchX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { SearchToolbar } from "@/components/search-toolbar";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { skeletonKeys } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/lib/current-user";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useDocumentTitle } from "@/lib/use-document-title";
import { formatNumber } from "@/lib/utils";
import { useSermonPages, useSermonSpeakers } from "../api";
import { SermonCard, SermonCardSkeleton } from "../components/sermon-card";
import { ALL_SPEAKERS, SpeakerFilter } from "../components/speaker-filter";

export const SEARCH_DEBOUNCE_MS = 250;

/** Loads the next page when the sentinel scrolls near the viewport. */
function useLoadMoreOnScroll(enabled: boolean, loadMore: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const loadMoreRef = useRef(loadMore);
  useEffect(() => {
    loadMoreRef.current = loadMore;
  });
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMoreRef.current();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

/** Spec 1 screen 6: the Sermon Archive (`/sermons`), paged as the member scrolls. */
export function SermonArchivePage() {
  const user = useCurrentUser();
  const [search, setSearch] = useState("");
  const [speaker, setSpeaker] = useState(ALL_SPEAKERS);
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const filters = { search: debouncedSearch, speaker: speaker === ALL_SPEAKERS ? "" : speaker };
  const pages = useSermonPages(filters);
  const speakers = useSermonSpeakers();
  useDocumentTitle("Sermon Archive");

  const sermons = pages.data?.pages.flatMap((p) => p.sermons) ?? [];
  const total = pages.data?.pages.at(-1)?.total ?? 0;
  const filtered = !!filters.search.trim() || !!filters.speaker;
  const canLoadMore = !!pages.hasNextPage && !pages.isFetchingNextPage && !pages.isError;
  const loadMore = () => {
    if (canLoadMore) void pages.fetchNextPage();
  };
  const sentinel = useLoadMoreOnScroll(canLoadMore, loadMore);

  return (
    <>
      <PageHeader title="Sermon Archive" description={`Watch and listen again to messages from ${user.church.name}.`} />

      <SearchToolbar
        className="mb-6"
        label="Search sermons"
        placeholder="Search sermons..."
        value={search}
        onChange={setSearch}
      >
        <SpeakerFilter speakers={speakers.data ?? []} value={speaker} onValueChange={setSpeaker} />
      </SearchToolbar>

      {pages.isLoading ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading sermons">
          {skeletonKeys(6).map((key) => (
            <SermonCardSkeleton key={key} />
          ))}
        </ul>
      ) : pages.isError && sermons.length === 0 ? (
        <LoadError card what="Sermons" onRetry={() => pages.refetch()} className="p-8 text-center" />
      ) : sermons.length === 0 ? (
        <Card>
          {filtered ? (
            <EmptyState
              icon={SearchX}
              title="No sermons match your search criteria"
              description="Try adjusting your filters"
            />
          ) : (
            <EmptyState icon={BookOpen} title="No sermons available" description="Check back later for new content" />
          )}
        </Card>
      ) : (
        <>
          <p className="sr-only" aria-live="polite">
            Showing {sermons.length} of {total} sermons
          </p>
          <ul
            className="grid gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3 data-[stale=true]:opacity-60"
            data-stale={pages.isPlaceholderData}
          >
            {sermons.map((s) => (
              <SermonCard key={s.id} sermon={s} />
            ))}
          </ul>
          <div ref={sentinel} className="mt-6 flex flex-col items-center gap-3">
            {pages.hasNextPage ? (
              <>
                <p className="text-sm text-muted-foreground" aria-hidden="true">
                  Showing {formatNumber(sermons.length)} of {formatNumber(total)} sermons
                </p>
                <Button variant="outline" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
                  {pages.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
                  {pages.isFetchingNextPage ? "Loading..." : "Load more"}
                </Button>
              </>
            ) : (
              total > 6 && <p className="text-sm text-muted-foreground">You've reached the end of the archive.</p>
            )}
          </div>
        </>
      )}
    </>
  );
}
