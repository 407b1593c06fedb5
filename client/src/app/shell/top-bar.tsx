import { Menu, Star } from "lucide-react";
import { Link } from "wouter";
import { useCurrentUser } from "@/lib/current-user";
import { useFormat, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { shellCatalog } from "../i18n";
import { LiveNowLink } from "./live-indicator";
import { NavSearch } from "./nav-search";
import { NotificationBell } from "./notification-bell";
import { getChurchNameSize } from "./sidebar";

/**
 * Spec 2 Shell layout's top bar. On a phone (no sidebar) its first row names the church, on up to
 * two lines with the whole name as a tooltip (issue 24), and the search box, the Live sign and the
 * points take the second row; from `md` one row: search, Live, bell, points.
 */
export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const t = useT(shellCatalog);
  const format = useFormat();
  const user = useCurrentUser();
  const churchName = user.church.name || "Fellowship";
  return (
    <header className="sticky top-0 z-30 flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-border bg-card/90 px-4 py-3 backdrop-blur sm:px-6 md:h-16 md:flex-nowrap md:py-0">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label={t("menu.open")}
        className="order-1 -ms-1 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-foreground hover:bg-muted md:hidden"
      >
        <Menu className="size-5" aria-hidden="true" />
      </button>
      <Link
        href="/"
        title={churchName}
        className={cn(
          "order-2 line-clamp-2 min-w-0 flex-1 leading-tight font-semibold tracking-tight break-words text-foreground md:hidden",
          getChurchNameSize(churchName, "text-sm"),
        )}
      >
        {churchName}
      </Link>
      <div className="order-5 min-w-0 flex-1 md:order-none">
        <NavSearch />
      </div>
      <div className="order-6 md:order-none">
        <LiveNowLink />
      </div>
      <NotificationBell align="end" className="order-3 md:order-none" />
      <span aria-hidden="true" className="order-4 basis-full md:hidden" />
      <div
        className="order-7 flex shrink-0 items-center gap-1.5 rounded-full border border-brand-border bg-brand-soft px-3 py-1.5 text-sm font-semibold text-brand-text md:order-none"
        title={t("topBar.yourPoints")}
      >
        <Star className="size-4 fill-current" aria-hidden="true" />
        <span>
          {format.number(user.points)}
          <span className="sr-only sm:not-sr-only"> {t("topBar.pointsUnit", { count: user.points })}</span>
        </span>
      </div>
    </header>
  );
}
