import { Loader2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { useFormat, useT } from "@/lib/i18n";
import { sermonsCatalog } from "../i18n";

/** Calls `loadMore` when the returned element scrolls near the viewport (600 px ahead). */
export function useLoadMoreOnScroll(enabled: boolean, loadMore: () => void) {
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

/**
 * Below a paged list: how many of how many are shown (said to screen readers as it changes, and
 * visible while there are more) and a "Load more" button, which also loads by itself as it scrolls
 * into view (the button stays for keyboards and when scrolling is not possible).
 */
export function LoadMore({
  shown,
  total,
  hasMore,
  isLoadingMore,
  canLoadMore,
  onLoadMore,
  end,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  isLoadingMore: boolean;
  /** False while a page is on its way or the last one failed: scrolling then asks for nothing. */
  canLoadMore: boolean;
  onLoadMore: () => void;
  /** Said under a complete list. */
  end?: string;
}) {
  const t = useT(sermonsCatalog);
  const format = useFormat();
  const sentinel = useLoadMoreOnScroll(canLoadMore, onLoadMore);
  return (
    <div ref={sentinel} className="mt-6 flex flex-col items-center gap-3">
      <p className={hasMore ? "text-sm text-muted-foreground" : "sr-only"} aria-live="polite">
        {t("loadMore.showing", { shown: format.number(shown), total })}
      </p>
      {hasMore ? (
        <Button variant="outline" onClick={onLoadMore} disabled={isLoadingMore}>
          {isLoadingMore && <Loader2 className="animate-spin" aria-hidden="true" />}
          {isLoadingMore ? t("loadMore.loading") : t("loadMore.button")}
        </Button>
      ) : (
        end && <p className="text-sm text-muted-foreground">{end}</p>
      )}
    </div>
  );
}
