import { useState } from "react";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useSermonPages } from "./api";
import { ALL_SPEAKERS } from "./components/speaker-filter";

export const SEARCH_DEBOUNCE_MS = 250;

/**
 * A sermon list searched, filtered and paged by the server (the archive and Manage Sermons): the
 * search box's text goes out once typing pauses for 250 ms, the speaker at once; pages of
 * `SERMON_PAGE_SIZE` are added as the list is scrolled, so 10,000 sermons cost what 20 do.
 */
export function useSermonList({ includeDrafts = false } = {}) {
  const [search, setSearch] = useState("");
  const [speaker, setSpeaker] = useState(ALL_SPEAKERS);
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const filters = { search: debouncedSearch.trim(), speaker: speaker === ALL_SPEAKERS ? "" : speaker, includeDrafts };
  const pages = useSermonPages(filters);

  const sermons = pages.data?.pages.flatMap((p) => p.sermons) ?? [];
  const canLoadMore = !!pages.hasNextPage && !pages.isFetchingNextPage && !pages.isError;
  return {
    search,
    setSearch,
    speaker,
    setSpeaker,
    /** The shown results were asked for with a search or a speaker. */
    isFiltered: !!filters.search || !!filters.speaker,
    query: pages,
    sermons,
    total: pages.data?.pages.at(-1)?.total ?? 0,
    hasMore: !!pages.hasNextPage,
    isLoadingMore: pages.isFetchingNextPage,
    canLoadMore,
    /** The next page (again, after a failed one: the button retries, scrolling does not). */
    loadMore: () => {
      if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
    },
  };
}
