import { POINTS } from "@common/points";
import { Compass, type LucideIcon, Sparkles, Star, UserRound } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import type { TChurchUser } from "@/lib/current-user";
import { cn } from "@/lib/utils";

type TStep = { icon: LucideIcon; title: string; body: string };

function getSteps(churchName: string): TStep[] {
  return [
    {
      icon: Sparkles,
      title: `Welcome to ${churchName}!`,
      body: "Fellowship is your church's home online. Here is a quick look around; it takes less than a minute.",
    },
    {
      icon: Compass,
      title: "Find your way",
      body: "The menu holds everything: sermons, events, the live stream, prayer requests and your prayer partner. On a phone, open it with the menu button at the top.",
    },
    {
      icon: Star,
      title: "Earn points as you grow",
      body: `Watch a sermon (+${POINTS.sermonWatch}), read the day's Bible passages (+${POINTS.dailyReading} each), complete the weekly action step (+${POINTS.weeklyActionStep}) and pray for your partner (+${POINTS.partnerPrayer}). Your points are always shown at the top.`,
    },
    {
      icon: UserRound,
      title: "Make it yours",
      body: "Your profile holds your progress and badges. You can restart this tour at any time from the menu.",
    },
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
  const steps = getSteps(user.church.name);
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
            Step {index + 1} of {steps.length}
          </p>
          <DialogTitle className="text-xl font-semibold tracking-tight">{step.title}</DialogTitle>
          <DialogDescription id="tour-body" className="text-sm leading-relaxed text-muted-foreground">
            {step.body}
          </DialogDescription>
        </div>
        <div className="flex justify-center gap-1.5" aria-hidden="true">
          {steps.map((s, i) => (
            <span
              key={s.title}
              className={cn("h-1.5 rounded-full transition-all", i === index ? "w-6 bg-primary" : "w-1.5 bg-stone-300")}
            />
          ))}
        </div>
        <div className="flex items-center justify-between gap-2">
          <Button variant="ghost" onClick={() => onSkip(index + 1)}>
            Skip
          </Button>
          <div className="flex gap-2">
            {index > 0 && (
              <Button variant="outline" onClick={() => setIndex(index - 1)}>
                Back
              </Button>
            )}
            {isLast ? (
              <Button data-primary onClick={() => onComplete(index + 1)}>
                Finish
              </Button>
            ) : (
              <Button data-primary onClick={() => setIndex(index + 1)}>
                Next
              </Button>
            )}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
