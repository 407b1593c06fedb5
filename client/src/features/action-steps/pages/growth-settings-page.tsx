import type { TActionStepSummary } from "@common/action-steps";
import { type ReactNode, useState } from "react";
import { PageHeader } from "@/components/page-header";
import { useCurrentUser } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useNow } from "@/lib/use-now";
import { useActionStep, useActionStepHistory } from "../api";
import { ActionStepForm } from "../components/action-step-form";
import { CurrentStepCard } from "../components/current-step-card";
import { StepHistoryCard } from "../components/step-history-card";
import { actionStepsCatalog } from "../i18n";
import { thisSunday } from "../week";

/**
 * Spec 2 Growth settings (`/admin/growth`): the current weekly action step, the form that sets one
 * (with tips), the past and scheduled steps, and below them the growth analytics card.
 */
export function GrowthSettingsPage({ analytics }: { analytics?: ReactNode } = {}) {
  const t = useT(actionStepsCatalog);
  const user = useCurrentUser();
  const timeZone = user.church.timeZone;
  const currentSunday = thisSunday(timeZone, useNow());
  const current = useActionStep();
  const history = useActionStepHistory();
  const [draft, setDraft] = useState<TActionStepSummary | null>(null);
  useDocumentTitle(t("page.title"));

  const completions = current.data ? history.data?.find((s) => s.id === current.data?.id)?.completions : undefined;
  const edit = (step: TActionStepSummary) => {
    // A fresh object each time, so choosing the same step again refills the form.
    setDraft({ ...step });
    document.getElementById("step-title")?.focus();
  };

  return (
    <>
      <PageHeader title={t("page.title")} description={t("page.description")} />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <CurrentStepCard
          step={current.data}
          isLoading={current.isLoading}
          isError={current.isError}
          onRetry={() => current.refetch()}
          completions={completions}
        />
        <ActionStepForm defaultWeekOf={currentSunday} steps={history.data} draft={draft} />
        <div className="lg:col-span-2">
          <StepHistoryCard
            steps={history.data}
            isLoading={history.isLoading}
            isError={history.isError}
            onRetry={() => history.refetch()}
            currentSunday={currentSunday}
            onEdit={edit}
          />
        </div>
        {/*
         * The growth analytics card (spec 2: Action Step Completion Rate, Avg. Reading Streak, ...)
         * goes here, below the action step cards. It belongs to features/analytics, which a feature
         * may not import; the app passes it in (`analytics`).
         */}
        {analytics && <div className="lg:col-span-2">{analytics}</div>}
      </div>
    </>
  );
}
