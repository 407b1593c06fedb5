import { Menu, Star } from "lucide-react";
import { useCurrentUser } from "@/lib/current-user";
import { formatNumber } from "@/lib/utils";
import { NavSearch } from "./nav-search";
import { NotificationBell } from "./notification-bell";

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const user = useCurrentUser();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-border bg-card/90 px-4 backdrop-blur sm:px-6">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label="Open menu"
        className="-ml-1 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-foreground hover:bg-muted md:hidden"
      >
        <Menu className="size-5" aria-hidden="true" />
      </button>
      <NavSearch />
      <NotificationBell align="end" className="ml-auto md:hidden" />
      <div
        className="flex shrink-0 md:ml-auto items-center gap-1.5 rounded-full border border-brand-border bg-brand-soft px-3 py-1.5 text-sm font-semibold text-brand-text"
        title="Your points"
      >
        <Star className="size-4 fill-current" aria-hidden="true" />
        <span>
          {formatNumber(user.points)}
          <span className="sr-only sm:not-sr-only"> points</span>
        </span>
      </div>
    </header>
  );
}
