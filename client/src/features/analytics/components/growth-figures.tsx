import type { TGrowthAnalytics } from "@common/analytics";
import { Activity, BookOpen, CheckCircle2, type LucideIcon, UserCheck, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/utils";

/** With one member (the admin who made the church) or none, there is nothing to measure yet. */
export const hasMembersToMeasure = (a: Pick<TGrowthAnalytics, "totalMembers">) => a.totalMembers > 1;

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

type TFigure = { label: string; value: string; note: ReactNode; icon: LucideIcon };

/** Spec 2 Growth settings' five figures, in its order. */
function figuresOf(a: TGrowthAnalytics): TFigure[] {
  return [
    {
      label: "Action Step Completion Rate",
      value: `${a.actionStepCompletionRate}%`,
      note: a.hasActionStep
        ? `${formatNumber(a.actionStepCompletions)} of ${plural(a.activeMembers, "active member", "active members")}`
        : "No action step set for this week",
      icon: CheckCircle2,
    },
    {
      label: "Avg. Reading Streak",
      value: `${a.averageReadingStreak.toFixed(1)} ${a.averageReadingStreak === 1 ? "day" : "days"}`,
      note: "across all members",
      icon: BookOpen,
    },
    {
      label: "Active Participants",
      value: formatNumber(a.activeParticipants),
      note: "earned points this week",
      icon: Activity,
    },
    { label: "Total Members", value: formatNumber(a.totalMembers), note: "in your church", icon: Users },
    {
      label: "Recently Active",
      value: formatNumber(a.recentlyActive),
      note: "in the last 7 days",
      icon: UserCheck,
    },
  ];
}

/** The five figures as tiles: two a row on a phone, all five in a row on a wide screen. */
export function GrowthFigures({ analytics }: { analytics: TGrowthAnalytics | undefined }) {
  if (!analytics) {
    return (
      <div
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
        role="status"
        aria-label="Loading analytics"
      >
        {skeletonKeys(5).map((k) => (
          <div key={k} className="rounded-xl border border-border p-4">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="mt-3 h-7 w-14" />
            <Skeleton className="mt-2 h-3 w-20" />
          </div>
        ))}
      </div>
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {figuresOf(analytics).map((f) => (
        <div key={f.label} className="flex min-w-0 flex-col rounded-xl border border-border bg-card p-4">
          <dt className="flex items-start justify-between gap-2 text-sm font-medium text-muted-foreground">
            <span>{f.label}</span>
            <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-brand-soft text-brand-text">
              <f.icon className="size-4" aria-hidden="true" />
            </span>
          </dt>
          <dd className="mt-auto pt-2">
            <span className="block text-2xl font-bold tracking-tight text-foreground">{f.value}</span>
            <span className="mt-0.5 block text-xs text-muted-foreground">{f.note}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
