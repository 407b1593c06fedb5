import { type ReactNode, Suspense, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { LazyToaster } from "@/components/ui/toast-outlet";
import { EmailVerificationNotice } from "@/features/auth/components/email-verification-notice";
import { AppNotices } from "@/features/mobile/components/app-notices";
import { useCurrentUser } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { lazyComponent, usePreload } from "@/lib/lazy";
import { shellCatalog } from "../i18n";
import { BadgeToasts } from "./badge-toasts";
import { LiveNowProvider } from "./live-indicator";
import { ShellNoticesProvider, useIsShellEmailNoticeHidden } from "./shell-notices";
import { SidebarContent } from "./sidebar";
import { TopBar } from "./top-bar";

// The drawer (a dialog) opens with a tap on a phone; its code follows the first screen there.
const MobileMenu = lazyComponent(() => import("./mobile-menu").then((m) => m.MobileMenu));
const isPhoneWidth = () => typeof window.matchMedia === "function" && !window.matchMedia("(min-width: 768px)").matches;

/** The e-mail reminder above the page, unless the page carries it itself (the admin's welcome card). */
function ShellEmailNotice() {
  const user = useCurrentUser();
  const isHidden = useIsShellEmailNoticeHidden();
  return isHidden ? null : <EmailVerificationNotice user={user} className="mb-6" />;
}

/** Spec 2 Shell layout: sidebar (a drawer below md), top bar and the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const t = useT(shellCatalog);
  const user = useCurrentUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const [location] = useLocation();
  const [menuLocation, setMenuLocation] = useState(location);
  // Drawn from the first tap on, so that it can close with its animation.
  const [isMenuDrawn, setIsMenuDrawn] = useState(false);
  if (menuOpen && !isMenuDrawn) setIsMenuDrawn(true);

  // The drawer closes whenever a link inside it navigates (adjusting state during render, not in an effect).
  if (menuLocation !== location) {
    setMenuLocation(location);
    setMenuOpen(false);
  }

  // A new page starts at its top, as a full page load would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the location changes
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  // Code for what a member may do next (toasts, the drawer) comes once the first screen is drawn.
  usePreload([LazyToaster.preload, () => isPhoneWidth() && MobileMenu.preload()]);

  return (
    <LiveNowProvider>
      <ShellNoticesProvider>
        <BadgeToasts userId={user.id} />
        <div className="min-h-dvh bg-background">
          <a
            href="#main-content"
            className="sr-only z-[60] rounded-lg bg-card px-4 py-2 text-sm font-medium shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:start-3"
          >
            {t("shell.skipToContent")}
          </a>
          <aside
            aria-label={t("nav.sidebar")}
            className="fixed inset-y-0 start-0 hidden w-64 border-e border-border bg-card md:block"
          >
            <SidebarContent />
          </aside>
          {isMenuDrawn && (
            <Suspense fallback={null}>
              <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
            </Suspense>
          )}
          <div className="flex min-h-dvh flex-col md:ps-64">
            <TopBar onOpenMenu={() => setMenuOpen(true)} />
            <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
              <div className="mx-auto w-full max-w-6xl">
                <ShellEmailNotice />
                <AppNotices />
                {children}
              </div>
            </main>
          </div>
        </div>
      </ShellNoticesProvider>
    </LiveNowProvider>
  );
}
