import { BookOpen, Loader2, Search, SearchX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useCurrentUser } from "@/app/current-user";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { skeletonKeys } from "@/components/ui/skeleton";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useDocumentTitle } from "@/lib/use-document-title";
import { formatNumber } from "@/lib/utils";
import { useSermonPages, useSermonSpeakers } from "../api";
import { SermonCard, SermonCardSkeleton } from "../components/sermon-card";

export const SEARCH_DEBOUNCE_MS = 250;
const ALL_SPEAKERS = "__all__";

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

      <div className="mb-6 flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search sermons"
            placeholder="Search sermons..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
        </div>
        <Select value={speaker} onValueChange={setSpeaker}>
          <SelectTrigger aria-label="Filter by speaker" className="sm:w-56">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_SPEAKERS}>All Speakers</SelectItem>
            {(speakers.data ?? []).map((name) => (
              <SelectItem key={name} value={name}>
                {name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {pages.isLoading ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading sermons">
          {skeletonKeys(6).map((key) => (
            <SermonCardSkeleton key={key} />
          ))}
        </ul>
      ) : pages.isError && sermons.length === 0 ? (
        <Card className="p-8 text-center text-sm text-muted-foreground" role="alert">
          Sermons could not be loaded.{" "}
          <button type="button" className="font-medium text-brand-text underline" onClick={() => pages.refetch()}>
            Try again
          </button>
        </Card>
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
