import type { TGrowthAnalytics, TGrowthWeek } from "@common/analytics";
import type en from "@common/locales/en/analytics.json";
import { ArrowLeft } from "lucide-react";
import { lazy, type ReactNode } from "react";
import { Link } from "wouter";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useCurrentUser } from "@/lib/current-user";
import { type TTranslate, useFormat, useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useGrowthAnalytics } from "../api";
import { GroupAnalyticsSection } from "../components/group-analytics-section";
import { NoMembersYet } from "../components/growth-analytics-card";
import { GrowthFigures, hasMembersToMeasure } from "../components/growth-figures";
import { type TWeekSeries, WeekChartCard } from "../components/week-chart-card";
import { analyticsCatalog } from "../i18n";
import { formatWeek } from "../weeks";

// The chart library is loaded here only, after the page's first paint (one chunk for both charts).
const ParticipationChart = lazy(() =>
  import("../components/growth-charts").then((m) => ({ default: m.ParticipationChart })),
);
const ActivityChart = lazy(() => import("../components/growth-charts").then((m) => ({ default: m.ActivityChart })));

type TSeries = TWeekSeries<keyof Omit<TGrowthWeek, "weekOf">>;
type TAnalyticsT = TTranslate<typeof en>;

/**
 * The admin dashboard's "View Reports" (`/admin/analytics`): this week's growth figures and the
 * last 12 weeks as charts, each with a text summary and a table to read instead.
 */
export function GrowthAnalyticsPage() {
  const t = useT(analyticsCatalog);
  const user = useCurrentUser();
  const analytics = useGrowthAnalytics();
  const a = analytics.data;
  useDocumentTitle(t("page.title"));

  return (
    <>
      <PageHeader
        title={t("page.title")}
        description={t("page.description", { church: user.church.name })}
        actions={
          <Button asChild variant="outline">
            <Link href="/admin/growth">
              <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
              {t("page.growthSettings")}
            </Link>
          </Button>
        }
      />
      {analytics.isError ? (
        <LoadError card what={t("card.loadError")} onRetry={() => analytics.refetch()} className="p-5" />
      ) : a && !hasMembersToMeasure(a) ? (
        <Card>
          <NoMembersYet />
        </Card>
      ) : (
        <Reports analytics={a} />
      )}
    </>
  );
}

function Reports({ analytics: a }: { analytics: TGrowthAnalytics | undefined }) {
  const t = useT(analyticsCatalog);
  const weeks = a?.weeks;
  return (
    <div className="grid gap-6">
      <Card aria-labelledby="this-week-title">
        <CardHeader>
          <CardTitle id="this-week-title">{t("page.thisWeek")}</CardTitle>
        </CardHeader>
        <CardContent>
          <GrowthFigures analytics={a} />
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard
          title={t("page.participation")}
          description={t("page.participationDescription")}
          weeks={weeks}
          series={[
            { key: "participants", label: t("series.participants") },
            { key: "points", label: t("series.points") },
          ]}
          chart={(summary) => weeks && <ParticipationChart weeks={weeks} summary={summary} />}
        />
        <ChartCard
          title={t("page.activity")}
          description={t("page.activityDescription")}
          weeks={weeks}
          series={[
            { key: "readings", label: t("series.readings") },
            { key: "actionSteps", label: t("series.actionSteps") },
          ]}
          chart={(summary) => weeks && <ActivityChart weeks={weeks} summary={summary} />}
        />
      </div>
      <GroupAnalyticsSection />
      <SmallPrint />
    </div>
  );
}

/** A sentence a screen reader (and anyone) can read instead of the chart. */
function summarize(weeks: TGrowthWeek[], series: TSeries[], t: TAnalyticsT, number: (n: number) => string): string {
  const first = weeks[0];
  const last = weeks[weeks.length - 1];
  const parts = series.map((s) => {
    const total = weeks.reduce((sum, w) => sum + w[s.key], 0);
    const peak = weeks.reduce((best, w) => (w[s.key] > best[s.key] ? w : best), first);
    return total === 0
      ? t("summary.none", { label: s.label })
      : t("summary.part", {
          label: s.label,
          value: number(last[s.key]),
          peak: number(peak[s.key]),
          week: formatWeek(peak.weekOf),
        });
  });
  return t("summary.weeks", { first: formatWeek(first.weekOf), last: formatWeek(last.weekOf), parts: parts.join(" ") });
}

function ChartCard({
  title,
  description,
  weeks,
  series,
  chart,
}: {
  title: string;
  description: string;
  weeks: TGrowthWeek[] | undefined;
  series: TSeries[];
  chart: (summary: string) => ReactNode;
}) {
  const t = useT(analyticsCatalog);
  const format = useFormat();
  const summary = weeks && weeks.length > 0 ? summarize(weeks, series, t, format.number) : "";
  return (
    <WeekChartCard
      title={title}
      description={description}
      weeks={weeks}
      weekOf={(w) => w.weekOf}
      series={series}
      summary={summary}
      chart={chart(summary)}
    />
  );
}

function SmallPrint() {
  const t = useT(analyticsCatalog);
  return (
    <details className="rounded-2xl border border-border bg-card px-5 py-4 text-sm text-muted-foreground">
      <summary className="font-medium text-foreground">{t("small.title")}</summary>
      <ul className="mt-3 grid list-disc gap-1.5 ps-5">
        {SMALL_PRINT.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </details>
  );
}

const SMALL_PRINT = [
  "small.week",
  "small.members",
  "small.active",
  "small.completion",
  "small.streak",
  "small.participants",
  "small.charts",
] as const;
