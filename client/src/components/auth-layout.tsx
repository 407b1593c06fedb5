import type { ReactNode } from "react";
import { Link } from "wouter";
import { BrandMark } from "@/components/brand-mark";

/** The centred card used by the sign-in, reset-password and invitation pages. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-soft via-background to-background">
      <header className="mx-auto flex w-full max-w-6xl items-center px-4 py-5 sm:px-6">
        <Link href="/" className="flex items-center gap-2.5 rounded-md">
          <BrandMark />
          <span className="text-lg font-semibold tracking-tight">Fellowship</span>
        </Link>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="flex flex-1 justify-center px-4 pt-4 pb-16 outline-none sm:pt-10"
      >
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}
