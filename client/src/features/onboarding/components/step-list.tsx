import type { TOnboardingStep, TOnboardingStepId } from "@common/onboarding";
import { Check } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { onboardingCatalog } from "../i18n";
import { stepText } from "./step-text";

/** The eight steps in order: done ones checked, the current one marked, the rest to come. */
export function StepList({
  steps,
  done,
  currentId,
}: {
  steps: TOnboardingStep[];
  done: ReadonlySet<TOnboardingStepId>;
  currentId: TOnboardingStepId | null;
}) {
  const t = useT(onboardingCatalog);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("list.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-1">
          {steps.map((step, i) => {
            const isDone = done.has(step.id);
            const isCurrent = step.id === currentId;
            return (
              <li
                key={step.id}
                aria-current={isCurrent ? "step" : undefined}
                className={cn(
                  "flex items-center gap-3 rounded-xl px-3 py-2.5",
                  isCurrent && "border border-brand-border bg-brand-soft",
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
                    isDone
                      ? "bg-emerald-600 text-white"
                      : isCurrent
                        ? "bg-primary text-primary-foreground"
                        : "bg-stone-100 text-stone-600",
                  )}
                >
                  {isDone ? <Check className="size-4" /> : i + 1}
                </span>
                <span className="min-w-0 flex-1">
                  <span
                    className={cn(
                      "block text-sm font-medium break-words",
                      isDone ? "text-stone-600" : "text-foreground",
                    )}
                  >
                    {stepText(t, step).title}
                  </span>
                  <span className="sr-only">
                    {t(isDone ? "list.isDone" : isCurrent ? "list.isNext" : "list.isToCome")}
                  </span>
                </span>
                <span
                  className={cn(
                    "shrink-0 text-xs font-medium",
                    isDone ? "text-emerald-800" : isCurrent ? "text-brand-text" : "text-stone-600",
                  )}
                >
                  {isDone ? t("list.done") : t("list.points", { points: step.points })}
                </span>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
