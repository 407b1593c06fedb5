import type { TGamificationBadge } from "@common/onboarding";
import { Award, Star } from "lucide-react";
import { BadgeEmblem } from "@/components/badge-icon";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useFormat, useT } from "@/lib/i18n";
import { onboardingCatalog } from "../i18n";

/** Spec 2 §9: the sidebar shows 4 badges. */
export const SIDEBAR_BADGE_COUNT = 4;

/** The member's total points and most recent badges beside the journey. */
export function RewardsSidebar({
  totalPoints,
  badges,
  onRetry,
}: {
  totalPoints: number | undefined;
  badges: TGamificationBadge[] | undefined;
  /** Set when points or badges could not be loaded. */
  onRetry?: () => void;
}) {
  const t = useT(onboardingCatalog);
  const format = useFormat();
  const shown = badges?.slice(0, SIDEBAR_BADGE_COUNT) ?? [];
  const more = (badges?.length ?? 0) - shown.length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("rewards.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {onRetry && <LoadError what={t("rewards.loadError")} onRetry={onRetry} />}
        <div className="flex items-center gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-text">
            <Star className="size-5" aria-hidden="true" />
          </span>
          <div>
            <p className="text-sm text-muted-foreground">{t("rewards.totalPoints")}</p>
            {totalPoints === undefined ? (
              onRetry ? (
                <p className="text-2xl font-bold text-muted-foreground">–</p>
              ) : (
                <Skeleton className="mt-1 h-7 w-16" />
              )
            ) : (
              <p className="text-2xl font-bold tracking-tight text-foreground">{format.number(totalPoints)}</p>
            )}
          </div>
        </div>
        <div className="grid gap-3">
          <h3 className="text-sm font-semibold text-foreground">{t("rewards.badges")}</h3>
          {badges === undefined && onRetry ? null : badges === undefined ? (
            <div className="grid grid-cols-4 gap-2" role="status" aria-label={t("rewards.loadingBadges")}>
              {skeletonKeys(SIDEBAR_BADGE_COUNT).map((key) => (
                <Skeleton key={key} className="mx-auto size-12 rounded-full" />
              ))}
            </div>
          ) : shown.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Award className="size-4 shrink-0" aria-hidden="true" />
              {t("rewards.noBadges")}
            </p>
          ) : (
            <>
              <ul className="grid grid-cols-4 gap-2">
                {shown.map((b) => (
                  <BadgeEmblem key={b.badge} icon={b.badgeIcon} title={b.badgeTitle} />
                ))}
              </ul>
              {more > 0 && <p className="text-xs text-muted-foreground">{t("rewards.more", { count: more })}</p>}
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
