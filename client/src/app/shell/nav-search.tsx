import { Search } from "lucide-react";
import { Suspense, useState } from "react";
import { useT } from "@/lib/i18n";
import { lazyComponent } from "@/lib/lazy";
import { shellCatalog } from "../i18n";

const SearchBox = lazyComponent(() => import("@/features/search/components/search-box").then((m) => m.SearchBox));

/**
 * The top bar's search box (issue 24). Until it is first used it is a plain box: its code (the
 * results list, the query) is not part of every page's first download. Pointing at it or focusing
 * it starts the download; the first letter typed swaps in the real box, which keeps what was
 * typed and the focus.
 */
export function NavSearch() {
  const t = useT(shellCatalog);
  const [query, setQuery] = useState("");
  const [isUsed, setIsUsed] = useState(false);
  // `hasFocus`: the fallback drawn while the code downloads takes over the focus from the first box.
  const plain = (hasFocus: boolean) => (
    <div className="relative w-full max-w-md">
      <Search
        className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-stone-500"
        aria-hidden="true"
      />
      <input
        type="search"
        role="combobox"
        aria-label={t("search.label")}
        aria-expanded={false}
        aria-autocomplete="list"
        placeholder={t("search.placeholder")}
        autoComplete="off"
        ref={(el) => {
          if (hasFocus) el?.focus();
        }}
        value={query}
        onPointerEnter={SearchBox.preload}
        onFocus={SearchBox.preload}
        onChange={(e) => {
          setQuery(e.target.value);
          setIsUsed(true);
        }}
        className="h-10 w-full rounded-lg border border-input bg-muted/60 pe-3 ps-9 text-base placeholder:text-stone-500 focus-visible:bg-card focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-text/40 sm:text-sm"
      />
    </div>
  );
  if (!isUsed) return plain(false);
  return (
    <Suspense fallback={plain(true)}>
      <SearchBox initialQuery={query} autoFocus />
    </Suspense>
  );
}
