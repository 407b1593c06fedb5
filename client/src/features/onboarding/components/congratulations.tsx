import type { TGamificationBadge } from "@common/onboarding";
import { ArrowRight, PartyPopper } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { BadgeEmblem } from "@/components/badge-icon";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useFormat, useT } from "@/lib/i18n";
import { onboardingCatalog } from "../i18n";

/** Spec 2 §9: the completed view shows 6 badges. */
export const COMPLETED_BADGE_COUNT = 6;

/** Spec 2 §4: when isCompleted is "true", total points, badge count and up to 6 badges. */
export function Congratulations({
  churchName,
  totalPoints,
  badges,
  focusOnMount,
  onRetry,
}: {
  churchName: string;
  totalPoints: number | undefined;
  badges: TGamificationBadge[] | undefined;
  focusOnMount?: boolean;
  /** Set when points or badges could not be loaded. */
  onRetry?: () => void;
}) {
  const t = useT(onboardingCatalog);
  const format = useFormat();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  const isLoading = totalPoints === undefined || badges === undefined;

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col items-center gap-4 bg-brand-soft px-5 py-8 text-center sm:px-8 sm:py-10">
        <span className="flex size-16 items-center justify-center rounded-full bg-card text-brand-text shadow-xs">
          <PartyPopper className="size-8" aria-hidden="true" />
        </span>
        <div className="grid gap-2">
          <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
            {t("done.title")}
          </h2>
          <p className="mx-auto max-w-prose text-sm text-stone-700 sm:text-base">
            {t("done.text", { church: churchName })}
          </p>
        </div>
      </div>
      <div className="grid gap-6 p-5 sm:p-8">
        {onRetry ? (
          <LoadError what={t("done.loadError")} onRetry={onRetry} className="text-center" />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3">
              <div className="rounded-xl border border-border p-4 text-center">
                <dt className="text-sm text-muted-foreground">{t("rewards.totalPoints")}</dt>
                <dd className="mt-1 text-3xl font-bold tracking-tight text-foreground">
                  {isLoading ? <Skeleton className="mx-auto h-9 w-16" /> : format.number(totalPoints)}
                </dd>
              </div>
              <div className="rounded-xl border border-border p-4 text-center">
                <dt className="text-sm text-muted-foreground">{t("done.badgesEarned")}</dt>
                <dd className="mt-1 text-3xl font-bold tracking-tight text-foreground">
                  {isLoading ? <Skeleton className="mx-auto h-9 w-10" /> : format.number(badges.length)}
                </dd>
              </div>
            </dl>
            <section aria-labelledby="earned-badges" className="grid gap-3">
              <h3 id="earned-badges" className="text-sm font-semibold text-foreground">
                {t("done.yourBadges")}
              </h3>
              {isLoading ? (
                <div
                  className="grid grid-cols-3 gap-4 sm:grid-cols-6"
                  role="status"
                  aria-label={t("rewards.loadingBadges")}
                >
                  {skeletonKeys(COMPLETED_BADGE_COUNT).map((key) => (
                    <Skeleton key={key} className="mx-auto size-12 rounded-full" />
                  ))}
                </div>
              ) : (
                <ul className="grid grid-cols-3 gap-4 sm:grid-cols-6">
                  {badges.slice(0, COMPLETED_BADGE_COUNT).map((b) => (
                    <BadgeEmblem key={b.badge} icon={b.badgeIcon} title={b.badgeTitle} />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button asChild size="lg">
            <Link href="/growth">
              {t("done.continue")}
              <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link href="/">{t("done.dashboard")}</Link>
          </Button>
        </div>
      </div>
    </Card>
  );
}
