import type { TUserStats } from "@common/user";
import type { UseQueryResult } from "@tanstack/react-query";
import { Flame, Footprints, Target } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Rich, useT } from "@/lib/i18n";
import { growthCatalog } from "../i18n";

/** Spec 1 §2.9 progress card: the reading streak and this week's points against the goal. */
export function ProgressCard({ stats }: { stats: UseQueryResult<TUserStats> }) {
  const t = useT(growthCatalog);
  const s = stats.data;
  const reading = s?.streaks.dailyReading ?? 0;
  const steps = s?.streaks.actionStep ?? 0;
  const percent = s ? Math.min(100, Math.round((s.weeklyPoints / s.weeklyGoal) * 100)) : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("progress.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        {stats.isError ? (
          <LoadError what={t("progress.error")} onRetry={() => stats.refetch()} className="py-6 text-center" />
        ) : !s ? (
          <div role="status" aria-label={t("progress.loading")} className="grid gap-4">
            <Skeleton className="h-16" />
            <Skeleton className="h-12" />
          </div>
        ) : (
          <div className="grid gap-5">
            <div className="flex items-start gap-3">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-orange-100 text-orange-700">
                <Flame className="size-6" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <p className="text-sm text-muted-foreground">{t("progress.readingStreak")}</p>
                <p className="text-2xl font-bold tabular-nums">{t("progress.days", { count: reading })}</p>
                <p className="mt-1 text-xs text-muted-foreground">{t("progress.readingStreakHint")}</p>
              </div>
            </div>
            {steps > 0 && (
              <div className="flex items-center gap-3">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-text">
                  <Footprints className="size-6" aria-hidden="true" />
                </span>
                <div>
                  <p className="text-sm text-muted-foreground">{t("progress.actionSteps")}</p>
                  <p className="text-lg font-semibold tabular-nums">{t("progress.weeks", { count: steps })}</p>
                </div>
              </div>
            )}
            <div>
              <div className="mb-2 flex items-center justify-between gap-2 text-sm">
                <span className="flex items-center gap-1.5 font-medium">
                  <Target className="size-4 text-brand-text" aria-hidden="true" />
                  {t("progress.weeklyGoal")}
                </span>
                <span className="tabular-nums text-muted-foreground">
                  <Rich
                    catalog={growthCatalog}
                    k="progress.weeklyPoints"
                    values={{ points: s.weeklyPoints, goal: s.weeklyGoal }}
                    components={{ 0: <span className="font-semibold text-foreground" /> }}
                  />
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={t("progress.pointsThisWeek")}
                aria-valuemin={0}
                aria-valuemax={s.weeklyGoal}
                aria-valuenow={Math.min(s.weeklyPoints, s.weeklyGoal)}
                className="h-2.5 overflow-hidden rounded-full bg-muted"
              >
                <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
              </div>
              <p className="mt-1.5 text-xs text-muted-foreground">
                {s.weeklyPoints >= s.weeklyGoal
                  ? t("progress.goalReached")
                  : t("progress.toGo", { count: s.weeklyGoal - s.weeklyPoints })}
              </p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
