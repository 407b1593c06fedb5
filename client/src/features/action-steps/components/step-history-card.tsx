import type { TActionStepSummary } from "@common/action-steps";
import { History, Pencil, Users } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { commonCatalog } from "@/components/i18n";
import { LoadError } from "@/components/load-error";
import { Badge, type TBadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { actionStepsCatalog } from "../i18n";
import { formatWeekOf, type TWeekStatus, weekStatus } from "../week";

const STATUS: Record<
  TWeekStatus,
  { key: "history.status.current" | "history.status.scheduled" | "history.status.past"; tone: TBadgeTone }
> = {
  current: { key: "history.status.current", tone: "green" },
  scheduled: { key: "history.status.scheduled", tone: "blue" },
  past: { key: "history.status.past", tone: "grey" },
};

/** Past and scheduled steps, newest week first, with how many members completed each. */
export function StepHistoryCard({
  steps,
  isLoading,
  isError,
  onRetry,
  currentSunday,
  onEdit,
}: {
  steps: TActionStepSummary[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  currentSunday: string;
  /** Puts a step in the form to change it (scheduled and current weeks). */
  onEdit: (step: TActionStepSummary) => void;
}) {
  const t = useT(actionStepsCatalog);
  const common = useT(commonCatalog);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("history.title")}</CardTitle>
        <CardDescription>{t("history.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <ul className="grid gap-2" aria-label={t("history.loading")}>
            {skeletonKeys(3).map((key) => (
              <li key={key} className="grid gap-2 rounded-xl border border-border p-4">
                <Skeleton className="h-3 w-32" />
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-full" />
              </li>
            ))}
          </ul>
        ) : isError ? (
          <LoadError what={t("history.loadError")} onRetry={onRetry} className="py-6 text-center" />
        ) : !steps || steps.length === 0 ? (
          <EmptyState
            icon={History}
            title={t("history.empty.title")}
            description={t("history.empty.description")}
            className="py-6"
          />
        ) : (
          <ul className="grid gap-2">
            {steps.map((step) => {
              const status = weekStatus(step.weekOf, currentSunday);
              return (
                <li
                  key={step.id}
                  className="grid gap-2 rounded-xl border border-border p-4 sm:grid-cols-[1fr_auto] sm:items-start"
                >
                  <div className="grid min-w-0 gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="text-xs font-medium text-muted-foreground">
                        {t("weekOf", { date: formatWeekOf(step.weekOf) })}
                      </span>
                      <Badge tone={STATUS[status].tone}>{t(STATUS[status].key)}</Badge>
                    </div>
                    <p className="font-medium break-words text-foreground">{step.title}</p>
                    <p className="line-clamp-2 text-sm break-words text-muted-foreground">{step.description}</p>
                  </div>
                  <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
                    <span className="inline-flex items-center gap-1.5 text-sm text-stone-700">
                      <Users className="size-4" aria-hidden="true" />
                      {t("history.completed", { count: step.completions })}
                    </span>
                    {status !== "past" && (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => onEdit(step)}
                        aria-label={t("history.edit", { date: formatWeekOf(step.weekOf) })}
                      >
                        <Pencil aria-hidden="true" />
                        {common("action.edit")}
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
