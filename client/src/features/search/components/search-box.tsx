import { SEARCH_MIN_LENGTH, type TSearchResult, type TSearchType } from "@common/search-helpers";
import {
  BookOpen,
  CalendarDays,
  Compass,
  HeartHandshake,
  type LucideIcon,
  Search as SearchIcon,
  Trophy,
  UsersRound,
} from "lucide-react";
import { type MouseEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useLocation } from "wouter";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { cn } from "@/lib/utils";
import { useSearchResults } from "../api";
import { searchCatalog } from "../i18n";
import { HighlightWords } from "./highlight-words";

/** How long typing must pause before the words are asked for. */
export const SEARCH_DEBOUNCE_MS = 200;

/** Each type's heading (a key of the `search` catalogue) and icon. */
const TYPES = {
  page: { label: "type.page", icon: Compass },
  sermon: { label: "type.sermon", icon: BookOpen },
  event: { label: "type.event", icon: CalendarDays },
  prayer: { label: "type.prayer", icon: HeartHandshake },
  kudos: { label: "type.kudos", icon: Trophy },
  group: { label: "type.group", icon: UsersRound },
} as const satisfies Record<TSearchType, { label: keyof (typeof searchCatalog)["en"]; icon: LucideIcon }>;

/** The results by type, in the order the server ranked the types (their best match first). */
function groupByType(results: TSearchResult[]): [TSearchType, TSearchResult[]][] {
  const groups = new Map<TSearchType, TSearchResult[]>();
  for (const r of results) groups.set(r.type, [...(groups.get(r.type) ?? []), r]);
  return [...groups];
}

const isNewTab = (e: MouseEvent) => e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0;

/**
 * The top bar's search (issue 24): sermons, events, prayer requests, kudos, groups and pages as the member
 * types, grouped by type. A combobox with a listbox (ARIA 1.2): the focus stays in the input, the
 * arrows move the highlighted result (aria-activedescendant), Enter opens it, Escape closes the
 * list and a second Escape empties the box. Each result is a link to its page.
 */
export function SearchBox({ initialQuery = "", autoFocus = false }: { initialQuery?: string; autoFocus?: boolean }) {
  const t = useT(searchCatalog);
  const [, navigate] = useLocation();
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(autoFocus);
  const [highlight, setHighlight] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  const trimmed = query.trim();
  const isLongEnough = trimmed.length >= SEARCH_MIN_LENGTH;
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const { data, isFetching, isError } = useSearchResults(isLongEnough ? debounced : "");
  const results = isLongEnough ? (data?.results ?? []) : [];
  const groups = useMemo(() => groupByType(results), [results]);
  const flat = groups.flatMap(([, items]) => items);
  const isWaiting = isLongEnough && (debounced !== trimmed || isFetching);
  const expanded = open && trimmed.length > 0;
  const active = expanded ? flat[Math.min(highlight, flat.length - 1)] : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only (the box replaced a plain one)
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, []);

  const go = (url: string) => {
    navigate(url);
    setQuery("");
    setOpen(false);
  };

  const state =
    trimmed.length > 0 && !isLongEnough
      ? "tooShort"
      : isError && !isWaiting
        ? "unavailable"
        : isWaiting && flat.length === 0
          ? "searching"
          : isLongEnough && flat.length === 0
            ? "noResults"
            : null;
  const isSearching = state === "searching";
  const status = state ? t(`status.${state}`, { min: SEARCH_MIN_LENGTH, query: trimmed }) : "";
  const count = t("count", { count: flat.length });

  return (
    <div className="relative w-full max-w-md">
      <SearchIcon
        className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-stone-500"
        aria-hidden="true"
      />
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label={t("label")}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active ? `${listId}-${flat.indexOf(active)}` : undefined}
        placeholder={t("placeholder")}
        autoComplete="off"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setHighlight(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 120)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
            setHighlight((h) => (flat.length === 0 ? 0 : (Math.min(h, flat.length - 1) + 1) % flat.length));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setHighlight((h) =>
              flat.length === 0 ? 0 : (Math.min(h, flat.length - 1) - 1 + flat.length) % flat.length,
            );
          } else if (e.key === "Enter" && active) {
            e.preventDefault();
            go(active.url);
          } else if (e.key === "Escape") {
            e.preventDefault();
            if (expanded) setOpen(false);
            else setQuery("");
          }
        }}
        className="h-10 w-full rounded-lg border border-input bg-muted/60 pe-3 ps-9 text-base placeholder:text-stone-500 focus-visible:bg-card focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-text/40 sm:text-sm"
      />
      <div
        hidden={!expanded}
        // Earlier results stay readable while newer ones load (dimming them failed the contrast check).
        aria-busy={isWaiting}
        className={cn(
          // On a phone the list spans the screen under the top bar; from sm up it hangs from the box.
          "fixed inset-x-2 top-16 z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-border bg-card p-1 shadow-lg",
          "sm:absolute sm:inset-x-0 sm:top-full sm:max-h-96",
        )}
      >
        <p role="status" className={cn("px-3 py-2 text-sm text-muted-foreground", !status && "sr-only")}>
          {status || (expanded && isLongEnough ? count : "")}
        </p>
        {isSearching && (
          <div className="space-y-2 px-3 pb-2">
            {skeletonKeys(3).map((k) => (
              <Skeleton key={k} className="h-9 w-full" />
            ))}
          </div>
        )}
        <div id={listId} role="listbox" aria-label={t("results")} hidden={flat.length === 0}>
          {groups.map(([type, items]) => {
            const { icon: Icon } = TYPES[type];
            const label = t(TYPES[type].label);
            return (
              // A listbox's groups are role="group" (ARIA 1.2); a fieldset is a form's, not a listbox's.
              // biome-ignore lint/a11y/useSemanticElements: see above
              <div key={type} role="group" aria-label={label} className="py-1">
                <div
                  aria-hidden="true"
                  className="px-3 pt-1 pb-1 text-xs font-semibold text-muted-foreground uppercase"
                >
                  {label}
                </div>
                {items.map((r) => {
                  const i = flat.indexOf(r);
                  return (
                    <a
                      key={`${r.type}-${r.id}`}
                      id={`${listId}-${i}`}
                      href={r.url}
                      role="option"
                      tabIndex={-1}
                      aria-selected={r === active}
                      onMouseDown={(e) => e.preventDefault()}
                      onMouseEnter={() => setHighlight(i)}
                      onClick={(e) => {
                        if (isNewTab(e)) return;
                        e.preventDefault();
                        go(r.url);
                      }}
                      className={cn(
                        "flex items-start gap-2.5 rounded-md px-3 py-2 text-sm text-foreground",
                        r === active && "bg-muted",
                      )}
                    >
                      <Icon className="mt-0.5 size-4 shrink-0 text-brand-text" aria-hidden="true" />
                      <span className="min-w-0">
                        <span className="block truncate font-medium">
                          <HighlightWords text={r.title} query={trimmed} />
                        </span>
                        {r.snippet && (
                          <span className="line-clamp-2 text-xs text-muted-foreground">
                            <HighlightWords text={r.snippet} query={trimmed} />
                          </span>
                        )}
                      </span>
                    </a>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
