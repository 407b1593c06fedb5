import type { TActionStep } from "@common/action-steps";
import { BADGES, isBadgeKey } from "@common/badges";
import { CheckCircle2, Star, Target } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { type TTranslate, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { useActionStep, useCompleteActionStep } from "../api";
import { actionStepsCatalog } from "../i18n";
import { formatWeekOf } from "../week";

function StepSkeleton() {
  const t = useT(actionStepsCatalog);
  return (
    <div className="grid gap-3" role="status" aria-label={t("card.loading")}>
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <div className="mt-1 flex items-center justify-between gap-3">
        <Skeleton className="h-6 w-28 rounded-full" />
        <Skeleton className="h-10 w-36" />
      </div>
    </div>
  );
}

/** The toast after completing: the points, and any badge it earned. */
function announce(t: TTranslate<typeof actionStepsCatalog.en>, awarded: number, badges: string[]) {
  const earned = badges.filter(isBadgeKey).map((k) => BADGES[k].name);
  const points = awarded > 0 ? t("toast.points", { count: awarded }) : t("toast.already");
  const badgeText = earned.length > 0 ? ` ${t("toast.badge", { badges: earned.join(", ") })}` : "";
  toast({ title: t("toast.title"), description: points + badgeText });
}

function StepBody({ step }: { step: TActionStep }) {
  const t = useT(actionStepsCatalog);
  const complete = useCompleteActionStep();
  const onComplete = () =>
    complete.mutate(step, {
      onSuccess: (r) => announce(t, r.awarded, r.badges),
      onError: (error) =>
        toastApiError(error, {
          description: (getStatus(error) === 409 ? getServerMessage(error) : null) ?? t("toast.failed"),
        }),
    });

  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <h3 className="text-lg font-semibold break-words text-foreground">{step.title}</h3>
        <p className="text-xs text-muted-foreground">{t("weekOf", { date: formatWeekOf(step.weekOf) })}</p>
        <p className="text-sm leading-6 break-words whitespace-pre-line text-stone-700">{step.description}</p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="inline-flex items-center gap-1.5 rounded-full border border-brand-border bg-brand-soft px-3 py-1 text-sm font-medium text-brand-text">
          <Star className="size-4" aria-hidden="true" />
          {step.isCompleted
            ? t("card.pointsEarned", { count: step.points })
            : t("card.pointsAvailable", { count: step.points })}
        </span>
        {step.isCompleted ? (
          <p className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-800" role="status">
            <CheckCircle2 className="size-5" aria-hidden="true" />
            {t("card.completed")}
          </p>
        ) : (
          <Button onClick={onComplete} disabled={complete.isPending} className="w-full sm:w-auto">
            <CheckCircle2 aria-hidden="true" />
            {complete.isPending ? t("card.completing") : t("card.complete")}
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * This week's action step for a member (spec 2 "This Week's Growth Challenge", spec 1 Growth
 * Journey): title, description, the points available and Mark Complete, which pays once per step.
 * One card, used on the member dashboard and the Growth Journey page, each with its own heading.
 */
export function ActionStepCard({
  heading,
  description,
  emptyTitle,
  className,
}: {
  heading?: string;
  description?: string;
  emptyTitle?: string;
  className?: string;
}) {
  const t = useT(actionStepsCatalog);
  const step = useActionStep();
  const shownDescription = description ?? t("card.description");
  return (
    <Card className={cn(className)}>
      <CardHeader>
        <CardTitle>{heading ?? t("card.heading")}</CardTitle>
        {shownDescription && <CardDescription>{shownDescription}</CardDescription>}
      </CardHeader>
      <CardContent>
        {step.isLoading ? (
          <StepSkeleton />
        ) : step.isError ? (
          <LoadError what={t("card.loadError")} onRetry={() => step.refetch()} className="py-6 text-center" />
        ) : step.data ? (
          <StepBody step={step.data} />
        ) : (
          <EmptyState
            icon={Target}
            title={emptyTitle ?? t("card.emptyTitle")}
            description={t("card.emptyDescription")}
            className="py-6"
          />
        )}
      </CardContent>
    </Card>
  );
}
