import { BarChart3, CalendarPlus, Mail, Mic, PartyPopper, Radio, X } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { readStorage, writeStorage } from "@/lib/storage";

export const welcomeBannerKey = (churchId: string) => `welcome_banner_dismissed_${churchId}`;

const SHORTCUTS = [
  { label: "Add sermons", href: "/admin/sermons", icon: Mic },
  { label: "Create events", href: "/admin/events", icon: CalendarPlus },
  { label: "Invite members", href: "/admin/invitations", icon: Mail },
  { label: "Set up live stream", href: "/admin/live-stream", icon: Radio },
  { label: "View analytics", href: "/admin/growth", icon: BarChart3 },
];

/** Spec 2 Admin dashboard: shown to a newly set up church (at most one member) until dismissed. */
export function WelcomeBanner({
  churchId,
  churchName,
  memberCount,
}: {
  churchId: string;
  churchName: string;
  memberCount: number;
}) {
  const [dismissed, setDismissed] = useState(() => readStorage(welcomeBannerKey(churchId)) === "true");
  if (dismissed || memberCount > 1) return null;

  const dismiss = () => {
    writeStorage(welcomeBannerKey(churchId), "true");
    setDismissed(true);
  };

  return (
    <section
      aria-labelledby="welcome-banner-title"
      className="relative mb-6 overflow-hidden rounded-2xl border border-brand-border bg-brand-soft p-5 sm:p-6"
    >
      <button
        type="button"
        onClick={dismiss}
        aria-label="Got it"
        className="absolute top-3 right-3 rounded-md p-1.5 text-brand-text hover:bg-white/60"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      <div className="flex items-start gap-3 pr-8">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground">
          <PartyPopper className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 id="welcome-banner-title" className="text-lg font-semibold text-foreground">
            Welcome to your new church home, {churchName}!
          </h2>
          <p className="mt-0.5 text-sm text-stone-700">Here are a few things to set up first:</p>
        </div>
      </div>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
        {SHORTCUTS.map(({ label, href, icon: Icon }) => (
          <li key={href}>
            <Link
              href={href}
              className="flex h-full items-center gap-2 rounded-xl border border-brand-border bg-card px-3 py-2.5 text-sm font-medium text-foreground transition-colors hover:border-brand-text"
            >
              <Icon className="size-4 shrink-0 text-brand-text" aria-hidden="true" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex justify-end">
        <Button size="sm" onClick={dismiss}>
          Got it
        </Button>
      </div>
    </section>
  );
}
