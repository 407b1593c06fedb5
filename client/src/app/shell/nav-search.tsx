import { isAdminRole } from "@common/roles";
import { Search } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useLocation } from "wouter";
import { useCurrentUser } from "@/lib/current-user";
import { cn } from "@/lib/utils";
import { ADMIN_NAV, MEMBER_NAV } from "../routes";

/** The top bar's search box: finds a page by name (a combobox; arrows choose, Enter opens). */
export function NavSearch() {
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const [query, setQuery] = useState("");
  const [highlight, setHighlight] = useState(0);
  const [open, setOpen] = useState(false);
  const listId = useId();

  const items = useMemo(() => [...MEMBER_NAV, ...(isAdminRole(user.role) ? ADMIN_NAV : [])], [user.role]);
  const q = query.trim().toLowerCase();
  const results = q ? items.filter((i) => i.label.toLowerCase().includes(q)) : [];
  const expanded = open && q.length > 0;

  const go = (href: string) => {
    navigate(href);
    setQuery("");
    setOpen(false);
  };

  return (
    <div className="relative w-full max-w-md">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
        aria-hidden="true"
      />
      <input
        type="search"
        role="combobox"
        aria-label="Search"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && results[highlight] ? `${listId}-${highlight}` : undefined}
        placeholder="Search..."
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
            setHighlight((h) => Math.min(h + 1, Math.max(0, results.length - 1)));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setHighlight((h) => Math.max(h - 1, 0));
          } else if (e.key === "Enter" && results[highlight]) {
            e.preventDefault();
            go(results[highlight].href);
          } else if (e.key === "Escape") {
            setQuery("");
            setOpen(false);
          }
        }}
        className="h-10 w-full rounded-lg border border-input bg-muted/60 pr-3 pl-9 text-base placeholder:text-stone-500 focus-visible:bg-card focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-text/40 sm:text-sm"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Pages"
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-40 mt-1 max-h-80 overflow-y-auto rounded-lg border border-border bg-card p-1 shadow-lg"
      >
        {results.length === 0 ? (
          <p className="px-3 py-2 text-sm text-muted-foreground">No pages match "{query.trim()}"</p>
        ) : (
          results.map((item, i) => {
            const Icon = item.icon;
            return (
              // Keyboard users choose with the arrows and Enter in the input (aria-activedescendant).
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys
              <div
                key={item.href}
                id={`${listId}-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === highlight}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => go(item.href)}
                onMouseEnter={() => setHighlight(i)}
                className={cn("flex items-center gap-2.5 rounded-md px-3 py-2 text-sm", i === highlight && "bg-muted")}
              >
                <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
                {item.label}
              </div>
            );
          })
        )}
      </div>
    </div>
  );
}
