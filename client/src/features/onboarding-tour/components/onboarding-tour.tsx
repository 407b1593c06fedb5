import { POINTS } from "@common/points";
import { Compass, type LucideIcon, Sparkles, Star, UserRound } from "lucide-react";
import { useState } from "react";
import { commonCatalog } from "@/components/i18n";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import type { TChurchUser } from "@/lib/current-user";
import { type TTranslate, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { tourCatalog } from "../i18n";

type TStep = { icon: LucideIcon; key: string; title: string; body: string };

function getSteps(t: TTranslate<(typeof tourCatalog)["en"]>, churchName: string): TStep[] {
  return [
    {
      icon: Sparkles,
      key: "welcome",
      title: t("welcome.title", { church: churchName }),
      body: t("welcome.body"),
    },
    { icon: Compass, key: "menu", title: t("menu.title"), body: t("menu.body") },
    {
      icon: Star,
      key: "points",
      title: t("points.title"),
      body: t("points.body", {
        sermon: POINTS.sermonWatch,
        reading: POINTS.dailyReading,
        actionStep: POINTS.weeklyActionStep,
        partner: POINTS.partnerPrayer,
      }),
    },
    { icon: UserRound, key: "profile", title: t("profile.title"), body: t("profile.body") },
  ];
}

export function OnboardingTour({
  user,
  open,
  onComplete,
  onSkip,
}: {
  user: TChurchUser;
  open: boolean;
  onComplete: (step: number) => void;
  onSkip: (step: number) => void;
}) {
  const t = useT(tourCatalog);
  const tc = useT(commonCatalog);
  const steps = getSteps(t, user.church.name);
  const [index, setIndex] = useState(0);
  const step = steps[index];
  const isLast = index === steps.length - 1;
  const Icon = step.icon;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onSkip(index + 1);
      }}
    >
      <DialogContent
        className="max-w-md"
        aria-describedby="tour-body"
        onOpenAutoFocus={(e) => {
          // Start on the primary action rather than Skip.
          e.preventDefault();
          (e.currentTarget as HTMLElement).querySelector<HTMLElement>("[data-primary]")?.focus();
        }}
      >
        <div className="flex size-12 items-center justify-center rounded-xl bg-brand-soft text-brand-text">
          <Icon className="size-6" aria-hidden="true" />
        </div>
        <div className="grid gap-1.5 pe-6">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {t("progress", { step: index + 1, count: steps.length })}
          </p>
          <DialogTitle className="text-xl font-semibold tracking-tight">{step.title}</DialogTitle>
          <DialogDescription id="tour-body" className="text-sm leading-relaxed text-muted-foreground">
            {step.body}
          </DialogDescription>
        </div>
        <div className="flex justify-center gap-1.5" aria-hidden="true">
          {steps.map((s, i) => (
            <span
              key={s.key}
              className={cn("h-1.5 rounded-full transition-all", i === index ? "w-6 bg-primary" : "w-1.5 bg-stone-300")}
            />
          ))}
        </div>
        <div className="flex items-center justify-between gap-2">
          <Button variant="ghost" onClick={() => onSkip(index + 1)}>
            {t("skip")}
          </Button>
          <div className="flex gap-2">
            {index > 0 && (
              <Button variant="outline" onClick={() => setIndex(index - 1)}>
                {tc("action.back")}
              </Button>
            )}
            {isLast ? (
              <Button data-primary onClick={() => onComplete(index + 1)}>
                {t("finish")}
              </Button>
            ) : (
              <Button data-primary onClick={() => setIndex(index + 1)}>
                {t("next")}
              </Button>
            )}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
