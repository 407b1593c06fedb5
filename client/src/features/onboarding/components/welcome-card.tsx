import { HandHeart, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatNumber } from "@/lib/utils";

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
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col items-center gap-4 bg-brand-soft px-5 py-8 text-center sm:px-8 sm:py-10">
        <span className="flex size-16 items-center justify-center rounded-full bg-card text-brand-text shadow-xs">
          <HandHeart className="size-8" aria-hidden="true" />
        </span>
        <div className="grid gap-2">
          <h2 className="text-2xl font-bold tracking-tight text-foreground">Welcome to {churchName}!</h2>
          <p className="mx-auto max-w-prose text-sm text-stone-700 sm:text-base">
            We're so glad you're part of our family. This journey walks you through {stepCount} first steps: your
            profile, our sermons, the growth journey, prayer and community.
          </p>
        </div>
        <p className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-text">
          <Sparkles className="size-4" aria-hidden="true" />
          Earn up to {formatNumber(totalPoints)} points and {badgeCount} badges along the way
        </p>
        <Button size="lg" onClick={onBegin} disabled={isPending}>
          {isPending ? "Starting..." : "Begin Your Journey"}
        </Button>
      </div>
    </Card>
  );
}
