import type { TOnboardingStep } from "@common/onboarding";
import { ArrowRight, CheckCircle2, Star } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { getBadgeIcon } from "@/components/badge-icon";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import { onboardingCatalog } from "../i18n";
import { stepText } from "./step-text";

/** Spec 2 §4: the first step not yet done, with its points, badge, where to do it and Complete Step. */
export function CurrentStepCard({
  step,
  position,
  count,
  isPending,
  onComplete,
  focusOnMount,
}: {
  step: TOnboardingStep;
  position: number;
  count: number;
  isPending: boolean;
  onComplete: () => void;
  focusOnMount?: boolean;
}) {
  const t = useT(onboardingCatalog);
  const text = stepText(t, step);
  const heading = useRef<HTMLHeadingElement>(null);
  // After Begin Your Journey the welcome card is gone: keyboard and screen-reader users land here.
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  const BadgeIcon = getBadgeIcon(step.badgeIcon);

  return (
    <Card className="overflow-hidden">
      <div className="border-b border-brand-border bg-brand-soft px-5 py-3 sm:px-6">
        <p className="text-sm font-semibold text-brand-text">{t("current.position", { position, count })}</p>
      </div>
      <div className="grid gap-4 p-5 sm:p-6">
        <div className="grid gap-1.5">
          <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold tracking-tight text-foreground">
            {text.title}
          </h2>
          <p className="text-sm text-stone-700 sm:text-base">{text.description}</p>
        </div>
        <ul className="flex flex-wrap gap-2" aria-label={t("current.rewards")}>
          <li>
            <Badge tone="soft">
              <Star className="size-3.5" aria-hidden="true" />
              {t("current.points", { points: step.points })}
            </Badge>
          </li>
          {step.badgeTitle && (
            <li>
              <Badge tone="amber">
                <BadgeIcon className="size-3.5" aria-hidden="true" />
                {t("current.badge", { badge: step.badgeTitle })}
              </Badge>
            </li>
          )}
        </ul>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button onClick={onComplete} disabled={isPending} size="lg">
            <CheckCircle2 aria-hidden="true" />
            {isPending ? t("current.completing") : t("current.complete")}
          </Button>
          {step.actionUrl && text.action && (
            <Button asChild variant="outline" size="lg">
              <Link href={step.actionUrl}>
                {text.action}
                <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />
              </Link>
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
