import type { TUserBadge } from "@common/user";
import { Award } from "lucide-react";
import { getBadgeIcon } from "@/components/badge-icon";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useFormat, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { commonCatalog } from "./i18n";

const EARNED_DATE: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };

/**
 * Badges with name, description and the day earned, with loading, error and empty states
 * (spec 2 Profile "Achievements", Member dashboard "Recent Achievements").
 */
export function BadgeList({
  badges,
  isLoading,
  isError,
  onRetry,
  className,
}: {
  badges: TUserBadge[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  className?: string;
}) {
  const t = useT(commonCatalog);
  const format = useFormat();
  if (isLoading) {
    return (
      <ul className={cn("grid gap-3", className)} aria-label={t("badges.loading")}>
        {skeletonKeys(2).map((key) => (
          <li key={key} className="flex items-center gap-3 rounded-xl border border-border p-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-3/4" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (isError) return <LoadError what={t("badges.what")} onRetry={onRetry} className="py-6 text-center" />;
  if (!badges?.length) {
    return (
      <EmptyState
        icon={Award}
        title={t("badges.empty.title")}
        description={t("badges.empty.description")}
        className="py-6"
      />
    );
  }
  return (
    <ul className={cn("grid gap-3", className)}>
      {badges.map((badge) => {
        const Icon = getBadgeIcon(badge.icon);
        return (
          <li key={badge.name} className="flex items-start gap-3 rounded-xl border border-border p-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-text">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="grid min-w-0 gap-0.5">
              <span className="text-sm font-semibold text-foreground">{badge.name}</span>
              <span className="text-xs text-muted-foreground">{badge.description}</span>
              <span className="text-xs text-muted-foreground">
                {t("badges.earned", { date: format.date(badge.earnedAt, EARNED_DATE) })}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
