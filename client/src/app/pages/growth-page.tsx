import { ActionStepCard } from "@/features/action-steps/components/action-step-card";
import { ProgressCard } from "@/features/growth/components/progress-card";
import { ReadingPlanCard } from "@/features/growth/components/reading-plan-card";
import { useUserStats } from "@/features/user/api";
import { useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { pagesCatalog } from "./i18n";

/**
 * Spec 1 §2.9 Growth Journey: this week's action step, the progress card (reading streak, weekly
 * points against the goal) and the one-year Bible plan with the week's grid, all from the server.
 * It shows three features' data, so it is composed here in app/.
 */
export function GrowthPage() {
  const t = useT(pagesCatalog);
  const stats = useUserStats();
  useDocumentTitle(t("growth.title"));
  return (
    <>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("growth.title")}</h1>
        <p className="mt-1 text-muted-foreground">{t("growth.description")}</p>
      </div>
      {/* Spec order on a phone (step, progress, reading); progress beside both on a wide screen. */}
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <ActionStepCard className="lg:col-span-2" />
        <div className="lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <ProgressCard stats={stats} />
        </div>
        <div className="lg:col-span-2">
          <ReadingPlanCard />
        </div>
      </div>
    </>
  );
}
