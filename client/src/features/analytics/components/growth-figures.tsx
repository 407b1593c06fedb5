import type { TGrowthAnalytics } from "@common/analytics";
import type en from "@common/locales/en/analytics.json";
import { Activity, BookOpen, CheckCircle2, UserCheck, Users } from "lucide-react";
import { currentLanguage, intlLocale, type TTranslate, useFormat, useT } from "@/lib/i18n";
import { analyticsCatalog } from "../i18n";
import { FigureTiles, type TFigure } from "./figure-tiles";

/** With one member (the admin who made the church) or none, there is nothing to measure yet. */
export const hasMembersToMeasure = (a: Pick<TGrowthAnalytics, "totalMembers">) => a.totalMembers > 1;

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
  return (
    <FigureTiles
      figures={analytics && figuresOf(analytics, t, format.number)}
      count={5}
      loadingLabel={t("figures.loading")}
      hasNoteSkeleton
      className="lg:grid-cols-5"
    />
  );
}
