import { isAdminRole } from "@common/roles";
import { BookOpen, LogOut, RotateCcw } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { BrandMark } from "@/components/brand-mark";
import { Avatar } from "@/components/ui/avatar";
import { Tooltip } from "@/components/ui/tooltip";
import { useTour } from "@/features/onboarding-tour/components/tour-provider";
import { useCurrentUser, useSignOut } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { shellCatalog } from "../i18n";
import { ADMIN_NAV, MEMBER_DASHBOARD_PATH, MEMBER_NAV, type TNavItem } from "../routes";
import { LiveDot, useShellIsLive } from "./live-indicator";

const itemClasses =
  "flex w-full items-center gap-3 rounded-lg px-3 py-[7px] text-sm font-medium transition-colors [&_svg]:size-[18px] [&_svg]:shrink-0";
const iconButtonClasses =
  "inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-stone-600 hover:bg-muted hover:text-foreground [&_svg]:size-[18px]";

function isNavItemActive(item: TNavItem, location: string): boolean {
  const path = location.replace(/\/+$/, "") || "/";
  if (item.exact) return item.exact.includes(path);
  return path === item.href || path.startsWith(`${item.href}/`);
}

function NavLink({ item, location, badge }: { item: TNavItem; location: string; badge?: ReactNode }) {
  const t = useT(shellCatalog);
  const active = isNavItemActive(item, location);
  const Icon = item.icon;
  return (
    <li>
      <Link
        href={item.href}
        aria-current={active ? "page" : undefined}
        className={cn(
          itemClasses,
          active ? "bg-brand-soft text-brand-text" : "text-stone-700 hover:bg-muted hover:text-foreground",
        )}
      >
        <Icon aria-hidden="true" />
        <span className="min-w-0 flex-1">{t(item.label)}</span>
        {badge}
      </Link>
    </li>
  );
}

/** A long name takes the row under the mark, in smaller text, so that two lines hold it whole. */
export const LONG_CHURCH_NAME = 30;

/** The church name's text size: smaller as it grows, so that two lines hold up to about 64 characters. */
export function getChurchNameSize(name: string, short = "text-base"): string {
  if (name.length > 44) return "text-xs";
  return name.length > LONG_CHURCH_NAME ? "text-[13px]" : short;
}

function ChurchHeader({ inDrawer }: { inDrawer?: boolean }) {
  const { church } = useCurrentUser();
  const name = church.name || "Fellowship";
  const isLong = name.length > LONG_CHURCH_NAME;
  // The whole name, on up to two lines (and in a tooltip beyond): issue 24, names are not cut.
  return (
    <div className={cn("px-4 py-3", inDrawer && "pe-14")}>
      <Link
        href="/"
        title={name}
        className={cn("flex min-w-0 rounded-md", isLong ? "flex-col items-start gap-1.5" : "items-center gap-2.5")}
      >
        {church.logoUrl ? (
          <img src={church.logoUrl} alt="" className="size-9 shrink-0 rounded-md object-contain" />
        ) : (
          <BrandMark />
        )}
        <span
          className={cn(
            "line-clamp-2 min-w-0 leading-tight font-semibold tracking-tight break-words",
            getChurchNameSize(name),
          )}
        >
          {name}
        </span>
      </Link>
    </div>
  );
}

/**
 * An admin's home is the admin dashboard (at `/` and `/admin`); their member view (what members see
 * at `/`) is at MEMBER_DASHBOARD_PATH, in the nav where members have "Dashboard" (issue 24).
 */
function getMemberNav(isAdmin: boolean): TNavItem[] {
  if (!isAdmin) return MEMBER_NAV;
  return MEMBER_NAV.map((item) =>
    item.href === "/" ? { ...item, label: "nav.myDashboard", href: MEMBER_DASHBOARD_PATH, exact: undefined } : item,
  );
}

function getAdminNav(): TNavItem[] {
  return ADMIN_NAV.map((item) => (item.href === "/admin" ? { ...item, exact: ["/", ...(item.exact ?? [])] } : item));
}

/** The sidebar body; the desktop rail and the mobile drawer both render it. */
export function SidebarContent({ inDrawer }: { inDrawer?: boolean }) {
  const t = useT(shellCatalog);
  const user = useCurrentUser();
  const [location] = useLocation();
  const { restartTour } = useTour();
  const signOut = useSignOut();
  const isAdmin = isAdminRole(user.role);
  const isLive = useShellIsLive();
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;

  return (
    <div className="flex h-full flex-col">
      <ChurchHeader inDrawer={inDrawer} />
      <nav aria-label={t("nav.main")} className="flex-1 overflow-y-auto px-3 pb-4">
        <ul className="grid gap-0.5">
          {getMemberNav(isAdmin).map((item) => (
            <NavLink
              key={item.href}
              item={item}
              location={location}
              badge={item.href === "/live" && isLive ? <LiveDot /> : undefined}
            />
          ))}
        </ul>
        {isAdmin && (
          <section aria-labelledby="admin-nav-heading" className="mt-5">
            <h2
              id="admin-nav-heading"
              className="px-3 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
            >
              {t("nav.administration")}
            </h2>
            <ul className="grid gap-0.5">
              {getAdminNav().map((item) => (
                <NavLink key={item.href} item={item} location={location} />
              ))}
              <li>
                {/* The server's own page (not the app's): a full page load. */}
                <a href="/api-docs" className={cn(itemClasses, "text-stone-700 hover:bg-muted hover:text-foreground")}>
                  <BookOpen aria-hidden="true" />
                  {t("nav.apiReference")}
                </a>
              </li>
            </ul>
          </section>
        )}
      </nav>
      <div className="flex items-center gap-1 border-t border-border p-3">
        <Link
          href="/profile"
          aria-current={location === "/profile" ? "page" : undefined}
          className={cn(
            "flex min-w-0 flex-1 items-center gap-3 rounded-lg p-2 transition-colors hover:bg-muted",
            location === "/profile" && "bg-brand-soft",
          )}
        >
          <Avatar name={name} src={user.profileImageUrl} className="size-9" />
          <span className="grid min-w-0">
            <span className="line-clamp-2 text-sm font-medium break-words text-foreground" title={name}>
              {name}
            </span>
            <span className="truncate text-xs text-muted-foreground">{t("user.viewProfile")}</span>
          </span>
        </Link>
        <Tooltip content={t("user.restartTour")}>
          <button type="button" onClick={restartTour} aria-label={t("user.restartTour")} className={iconButtonClasses}>
            <RotateCcw aria-hidden="true" />
          </button>
        </Tooltip>
        <Tooltip content={t("user.signOut")}>
          <button type="button" onClick={() => signOut()} aria-label={t("user.signOut")} className={iconButtonClasses}>
            <LogOut aria-hidden="true" />
          </button>
        </Tooltip>
      </div>
      {/* The app's secondary link (issue 28): the church's privacy page. */}
      <div className="-mt-1 px-5 pb-3">
        <Link
          href="/privacy"
          aria-current={location === "/privacy" ? "page" : undefined}
          className="rounded text-xs text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          {t("footer.privacy")}
        </Link>
      </div>
    </div>
  );
}
