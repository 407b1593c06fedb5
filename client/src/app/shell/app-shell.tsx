import { type ReactNode, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { EmailVerificationNotice } from "@/features/auth/components/email-verification-notice";
import { useCurrentUser } from "@/lib/current-user";
import { SidebarContent } from "./sidebar";
import { TopBar } from "./top-bar";

/** Spec 2 Shell layout: sidebar (a drawer below md), top bar and the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const [location] = useLocation();
  const [menuLocation, setMenuLocation] = useState(location);

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

  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-lg bg-card px-4 py-2 text-sm font-medium shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <aside
        aria-label="Sidebar"
        className="fixed inset-y-0 left-0 hidden w-64 border-r border-border bg-card md:block"
      >
        <SidebarContent />
      </aside>
      <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
        <SheetContent>
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription className="sr-only">Navigate between pages</SheetDescription>
          <SidebarContent inDrawer />
        </SheetContent>
      </Sheet>
      <div className="flex min-h-dvh flex-col md:pl-64">
        <TopBar onOpenMenu={() => setMenuOpen(true)} />
        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto w-full max-w-6xl">
            <EmailVerificationNotice user={user} className="mb-6" />
            {children}
          </div>
        </main>
      </div>
    </div>
  );
}
