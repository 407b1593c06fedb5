import { HandHeart, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import { onboardingCatalog } from "../i18n";

/** Spec 2 §4: with no progress yet, a welcome and Begin Your Journey. */
export function WelcomeCard({
  churchName,
  stepCount,
  totalPoints,
  badgeCount,
  isPending,
  onBegin,
}: {
  churchName: string;
  stepCount: number;
  totalPoints: number;
  badgeCount: number;
  isPending: boolean;
  onBegin: () => void;
}) {
  const t = useT(onboardingCatalog);
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col items-center gap-4 bg-brand-soft px-5 py-8 text-center sm:px-8 sm:py-10">
        <span className="flex size-16 items-center justify-center rounded-full bg-card text-brand-text shadow-xs">
          <HandHeart className="size-8" aria-hidden="true" />
        </span>
        <div className="grid gap-2">
          <h2 className="text-2xl font-bold tracking-tight text-foreground">
            {t("welcome.title", { church: churchName })}
          </h2>
          <p className="mx-auto max-w-prose text-sm text-stone-700 sm:text-base">
            {t("welcome.text", { count: stepCount })}
          </p>
        </div>
        <p className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-text">
          <Sparkles className="size-4" aria-hidden="true" />
          {t("welcome.earn", { points: totalPoints, badges: badgeCount })}
        </p>
        <Button size="lg" onClick={onBegin} disabled={isPending}>
          {isPending ? t("welcome.starting") : t("welcome.begin")}
        </Button>
      </div>
    </Card>
  );
}
