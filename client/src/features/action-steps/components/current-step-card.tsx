import type { TActionStep } from "@common/action-steps";
import { CalendarDays, CheckCircle2, Target, Users } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { actionStepsCatalog } from "../i18n";
import { formatWeekOf } from "../week";

/**
 * Spec 2 Growth settings: the current weekly action step (title, Week of date, description, Active
 * for congregation), or 'No action step set for this week'.
 */
export function CurrentStepCard({
  step,
  isLoading,
  isError,
  onRetry,
  completions,
}: {
  step: TActionStep | null | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** Members who completed it so far, when known. */
  completions?: number;
}) {
  const t = useT(actionStepsCatalog);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("current.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="grid gap-3" role="status" aria-label={t("current.loading")}>
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-3 w-40" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-4/5" />
          </div>
        ) : isError ? (
          <LoadError what={t("current.loadError")} onRetry={onRetry} className="py-6 text-center" />
        ) : step ? (
          <div className="grid gap-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="min-w-0 text-lg font-semibold break-words text-foreground">{step.title}</h3>
              <Badge tone="green">
                <CheckCircle2 className="size-3.5" aria-hidden="true" />
                {t("current.active")}
              </Badge>
            </div>
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <CalendarDays className="size-4" aria-hidden="true" />
              {t("weekOf", { date: formatWeekOf(step.weekOf) })}
            </p>
            <p className="text-sm leading-6 break-words whitespace-pre-line text-stone-700">{step.description}</p>
            {completions !== undefined && (
              <p className="flex items-center gap-1.5 text-sm font-medium text-brand-text">
                <Users className="size-4" aria-hidden="true" />
                {t("current.completions", { count: completions })}
              </p>
            )}
          </div>
        ) : (
          <EmptyState
            icon={Target}
            title={t("current.empty.title")}
            description={t("current.empty.description")}
            className="py-6"
          />
        )}
      </CardContent>
    </Card>
  );
}
