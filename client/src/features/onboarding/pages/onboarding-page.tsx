import type { TOnboardingStep, TOnboardingStepId } from "@common/onboarding";
import { useState } from "react";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Card } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useCurrentUser } from "@/lib/current-user";
import { type TTranslate, useFormat, useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import {
  useCompleteStep,
  useGamificationBadges,
  useGamificationPoints,
  useOnboardingProgress,
  useOnboardingSteps,
  useStartOnboarding,
} from "../api";
import { Congratulations } from "../components/congratulations";
import { CurrentStepCard } from "../components/current-step-card";
import { ProgressBar } from "../components/progress-bar";
import { RewardsSidebar } from "../components/rewards-sidebar";
import { StepList } from "../components/step-list";
import { WelcomeCard } from "../components/welcome-card";
import { onboardingCatalog } from "../i18n";

type TOnboardingT = TTranslate<(typeof onboardingCatalog)["en"]>;

function PageSkeleton() {
  const t = useT(onboardingCatalog);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]" role="status" aria-label={t("page.loading")}>
      <div className="grid content-start gap-6">
        <Skeleton className="h-24 rounded-2xl" />
        <Skeleton className="h-56 rounded-2xl" />
        <div className="grid gap-2 rounded-2xl border border-border bg-card p-5">
          {skeletonKeys(8).map((key) => (
            <Skeleton key={key} className="h-9" />
          ))}
        </div>
      </div>
      <Skeleton className="h-56 rounded-2xl" />
    </div>
  );
}

function ProgressSummary({ done, count, percentage }: { done: number; count: number; percentage: string }) {
  const t = useT(onboardingCatalog);
  const format = useFormat();
  return (
    <Card className="grid gap-3 p-5 sm:p-6">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-base font-semibold text-foreground">{t("progress.title")}</h2>
        <p className="text-sm font-semibold text-brand-text">
          {t("progress.percentage", { percentage: format.number(Number(percentage)) })}
        </p>
      </div>
      <ProgressBar percentage={Number(percentage)} label={t("progress.label")} />
      <p className="text-sm text-muted-foreground">{t("progress.count", { done: format.number(done), count })}</p>
    </Card>
  );
}

function completionMessage(t: TOnboardingT, pointsAwarded: number, badgeTitle: string | null): string {
  if (pointsAwarded <= 0) return t("toast.alreadyComplete");
  return badgeTitle
    ? t("toast.pointsAndBadge", { points: pointsAwarded, badge: badgeTitle })
    : t("toast.points", { points: pointsAwarded });
}

/** Spec 2 §4: the onboarding journey (`/onboarding`): welcome, one step at a time, congratulations. */
export function OnboardingPage() {
  const t = useT(onboardingCatalog);
  const user = useCurrentUser();
  useDocumentTitle(t("page.title"));
  const steps = useOnboardingSteps();
  const progress = useOnboardingProgress();
  const points = useGamificationPoints(progress.isSuccess);
  const badges = useGamificationBadges(progress.isSuccess);
  const start = useStartOnboarding();
  const complete = useCompleteStep();
  // Where focus goes when the screen changes under the button just pressed.
  const [moved, setMoved] = useState<"started" | "finished" | null>(null);

  const header = <PageHeader title={t("page.title")} description={t("page.description")} />;

  if (steps.isLoading || progress.isLoading) {
    return (
      <>
        {header}
        <PageSkeleton />
      </>
    );
  }
  if (steps.isError || progress.isError || !steps.data || !progress.data) {
    return (
      <>
        {header}
        <LoadError
          card
          what={t("page.loadError")}
          className="p-8 text-center"
          onRetry={() => Promise.all([steps.refetch(), progress.refetch()])}
        />
      </>
    );
  }

  const rewardsFailed = points.isError || badges.isError;
  const retryRewards = rewardsFailed ? () => Promise.all([points.refetch(), badges.refetch()]) : undefined;
  const list = steps.data;
  const p = progress.data;
  const done = new Set<TOnboardingStepId>(p.stepsCompleted);
  const currentIndex = list.findIndex((s) => !done.has(s.id));
  const current = currentIndex >= 0 ? list[currentIndex] : null;

  if (p.isCompleted === "true") {
    return (
      <>
        {header}
        <Congratulations
          churchName={user.church.name}
          totalPoints={points.data?.totalPoints}
          badges={badges.data}
          focusOnMount={moved === "finished"}
          onRetry={retryRewards}
        />
      </>
    );
  }

  const onBegin = () =>
    start.mutate(undefined, {
      onSuccess: () => setMoved("started"),
      onError: (error) => toastApiError(error, { description: t("toast.startFailed") }),
    });

  const onComplete = (step: TOnboardingStep) =>
    complete.mutate(step, {
      onSuccess: (result) => {
        if (result.progress.isCompleted === "true") setMoved("finished");
        toast({
          title: t("toast.complete"),
          description: completionMessage(t, result.pointsAwarded, result.badgeEarned?.badgeTitle ?? null),
        });
      },
      onError: (error) =>
        toastApiError(error, {
          description: (getStatus(error) === 400 ? getServerMessage(error) : null) ?? t("toast.completeFailed"),
        }),
    });

  const isStarted = p.onboardingType !== null;
  return (
    <>
      {header}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid min-w-0 content-start gap-6">
          {!isStarted ? (
            <WelcomeCard
              churchName={user.church.name}
              stepCount={list.length}
              totalPoints={list.reduce((sum, s) => sum + s.points, 0)}
              badgeCount={list.filter((s) => s.badge).length}
              isPending={start.isPending}
              onBegin={onBegin}
            />
          ) : (
            <>
              <ProgressSummary done={done.size} count={list.length} percentage={p.completionPercentage} />
              {current && (
                <CurrentStepCard
                  step={current}
                  position={currentIndex + 1}
                  count={list.length}
                  isPending={complete.isPending}
                  onComplete={() => onComplete(current)}
                  focusOnMount={moved === "started"}
                />
              )}
            </>
          )}
          <StepList steps={list} done={done} currentId={isStarted ? (current?.id ?? null) : null} />
        </div>
        <aside aria-label={t("page.rewardsLabel")} className="min-w-0">
          <RewardsSidebar totalPoints={points.data?.totalPoints} badges={badges.data} onRetry={retryRewards} />
        </aside>
      </div>
    </>
  );
}
