import { Handshake, LogIn } from "lucide-react";
import { Link } from "wouter";
import { BrandMark } from "@/components/brand-mark";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * `/prayer-partners` for a signed-out visitor. Spec 1 §2: this page does not redirect to sign-in;
 * it says what the chain is and invites the visitor to sign in, and shows nothing of anyone's.
 */
export function PrayerPartnersSignedOutPage() {
  useDocumentTitle("Prayer Partners");
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-4xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link href="/" className="flex items-center gap-2.5 rounded-md">
            <BrandMark />
            <span className="text-lg font-semibold tracking-tight">Fellowship</span>
          </Link>
          <a href="/api/login" className={buttonClasses({ variant: "ghost" })}>
            Sign In
          </a>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-4xl px-4 py-6 outline-none sm:px-6 lg:py-8">
        <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">Prayer Partners</h1>
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand-text">
            <Handshake className="size-6" aria-hidden="true" />
          </span>
          <h2 className="text-lg font-semibold">Sign in to see your prayer partner</h2>
          <p className="max-w-md text-muted-foreground">
            Each week your church prays in a chain: every member prays for one other member, and someone prays for them.
            Sign in to see whom you are praying for this week.
          </p>
          <a href="/api/login" className={buttonClasses({ className: "mt-2" })}>
            <LogIn aria-hidden="true" />
            Sign in
          </a>
        </Card>
      </main>
    </div>
  );
}
