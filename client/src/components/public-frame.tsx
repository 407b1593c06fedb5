import type { ReactNode } from "react";
import { Link } from "wouter";
import { BrandMark } from "@/components/brand-mark";
import { buttonClasses } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { commonCatalog } from "./i18n";

/**
 * The signed-out frame of a page that invites a visitor in rather than redirecting them (spec 1 §2:
 * a shared sermon, prayer partners): the product's name and a way to sign in.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  const t = useT(commonCatalog);
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-4xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link href="/" className="flex items-center gap-2.5 rounded-md">
            <BrandMark />
            <span className="text-lg font-semibold tracking-tight">Fellowship</span>
          </Link>
          <a href="/api/login" className={buttonClasses({ variant: "ghost" })}>
            {t("action.signIn")}
          </a>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-4xl px-4 py-6 outline-none sm:px-6 lg:py-8">
        {children}
      </main>
    </div>
  );
}
