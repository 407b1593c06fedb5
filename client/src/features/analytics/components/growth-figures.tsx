import type { TGrowthAnalytics } from "@common/analytics";
import type en from "@common/locales/en/analytics.json";
import { Activity, BookOpen, CheckCircle2, type LucideIcon, UserCheck, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { currentLanguage, intlLocale, type TTranslate, useFormat, useT } from "@/lib/i18n";
import { analyticsCatalog } from "../i18n";

/** With one member (the admin who made the church) or none, there is nothing to measure yet. */
export const hasMembersToMeasure = (a: Pick<TGrowthAnalytics, "totalMembers">) => a.totalMembers > 1;

type TFigure = { label: string; value: string; note: ReactNode; icon: LucideIcon };

/** Spec 2 Growth settings' five figures, in its order. */
function figuresOf(a: TGrowthAnalytics, t: TTranslate<typeof en>, number: (n: number) => string): TFigure[] {
  return [
    {
      label: t("figures.completion.label"),
      value: t("figures.completion.value", { rate: number(a.actionStepCompletionRate) }),
      note: a.hasActionStep
        ? t("figures.completion.note", { done: number(a.actionStepCompletions), active: a.activeMembers })
        : t("figures.completion.none"),
      icon: CheckCircle2,
    },
    {
      label: t("figures.streak.label"),
      value: t("figures.streak.value", {
        days: a.averageReadingStreak,
        value: a.averageReadingStreak.toLocaleString(intlLocale(currentLanguage()), {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }),
      }),
      note: t("figures.streak.note"),
      icon: BookOpen,
    },
    {
      label: t("figures.participants.label"),
      value: number(a.activeParticipants),
      note: t("figures.participants.note"),
      icon: Activity,
    },
    {
      label: t("figures.members.label"),
      value: number(a.totalMembers),
      note: t("figures.members.note"),
      icon: Users,
    },
    {
      label: t("figures.recent.label"),
      value: number(a.recentlyActive),
      note: t("figures.recent.note"),
      icon: UserCheck,
    },
  ];
}

/** The five figures as tiles: two a row on a phone, all five in a row on a wide screen. */
export function GrowthFigures({ analytics }: { analytics: TGrowthAnalytics | undefined }) {
  const t = useT(analyticsCatalog);
  const format = useFormat();
  if (!analytics) {
    return (
      <div
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
        role="status"
        aria-label={t("figures.loading")}
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
      {figuresOf(analytics, t, format.number).map((f) => (
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
