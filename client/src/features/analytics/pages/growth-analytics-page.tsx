import type { TGrowthAnalytics, TGrowthWeek } from "@common/analytics";
import { ArrowLeft } from "lucide-react";
import { lazy, type ReactNode, Suspense, useId, useState } from "react";
import { Link } from "wouter";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useCurrentUser } from "@/lib/current-user";
import { useDocumentTitle } from "@/lib/use-document-title";
import { formatNumber } from "@/lib/utils";
import { useGrowthAnalytics } from "../api";
import { NoMembersYet } from "../components/growth-analytics-card";
import { GrowthFigures, hasMembersToMeasure } from "../components/growth-figures";
import { formatWeek, formatWeekLong } from "../weeks";

// The chart library is loaded here only, after the page's first paint (one chunk for both charts).
const ParticipationChart = lazy(() =>
  import("../components/growth-charts").then((m) => ({ default: m.ParticipationChart })),
);
const ActivityChart = lazy(() => import("../components/growth-charts").then((m) => ({ default: m.ActivityChart })));

const TITLE = "Growth Analytics";
const CHART_HEIGHT = "h-[260px]";

type TSeries = { key: keyof Omit<TGrowthWeek, "weekOf">; label: string };

/**
 * The admin dashboard's "View Reports" (`/admin/analytics`): this week's growth figures and the
 * last 12 weeks as charts, each with a text summary and a table to read instead.
 */
export function GrowthAnalyticsPage() {
  const user = useCurrentUser();
  const analytics = useGrowthAnalytics();
  const a = analytics.data;
  useDocumentTitle(TITLE);

  return (
    <>
      <PageHeader
        title={TITLE}
        description={`How ${user.church.name} is growing: this week and the weeks before it.`}
        actions={
          <Button asChild variant="outline">
            <Link href="/admin/growth">
              <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
              Growth Settings
            </Link>
          </Button>
        }
      />
      {analytics.isError ? (
        <LoadError card what="Growth analytics" onRetry={() => analytics.refetch()} className="p-5" />
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
  const weeks = a?.weeks;
  return (
    <div className="grid gap-6">
      <Card aria-labelledby="this-week-title">
        <CardHeader>
          <CardTitle id="this-week-title">This Week</CardTitle>
        </CardHeader>
        <CardContent>
          <GrowthFigures analytics={a} />
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard
          title="Participation"
          description="Members who earned points each week, and the points they earned."
          weeks={weeks}
          series={[
            { key: "participants", label: "Participants" },
            { key: "points", label: "Points" },
          ]}
          chart={(summary) => weeks && <ParticipationChart weeks={weeks} summary={summary} />}
        />
        <ChartCard
          title="Readings & Action Steps"
          description="Bible readings and weekly action steps completed each week."
          weeks={weeks}
          series={[
            { key: "readings", label: "Readings" },
            { key: "actionSteps", label: "Action steps" },
          ]}
          chart={(summary) => weeks && <ActivityChart weeks={weeks} summary={summary} />}
        />
      </div>
      <SmallPrint />
    </div>
  );
}

/** A sentence a screen reader (and anyone) can read instead of the chart. */
function summarize(weeks: TGrowthWeek[], series: TSeries[]): string {
  const first = weeks[0];
  const last = weeks[weeks.length - 1];
  const parts = series.map((s) => {
    const total = weeks.reduce((sum, w) => sum + w[s.key], 0);
    const peak = weeks.reduce((best, w) => (w[s.key] > best[s.key] ? w : best), first);
    const thisWeek = `${formatNumber(last[s.key])} this week`;
    return total === 0
      ? `${s.label}: none yet.`
      : `${s.label}: ${thisWeek}, highest ${formatNumber(peak[s.key])} in the week of ${formatWeek(peak.weekOf)}.`;
  });
  return `Weeks of ${formatWeek(first.weekOf)} to ${formatWeek(last.weekOf)}. ${parts.join(" ")}`;
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
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const summary = weeks && weeks.length > 0 ? summarize(weeks, series) : "";
  const placeholder = <Skeleton className={`${CHART_HEIGHT} w-full`} />;
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <CardTitle id={`${id}-title`}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          aria-pressed={asTable}
          aria-controls={`${id}-body`}
          disabled={!weeks}
          onClick={() => setAsTable((v) => !v)}
        >
          Show as table
        </Button>
      </CardHeader>
      <CardContent id={`${id}-body`}>
        {!weeks ? (
          <div role="status" aria-label={`Loading ${title}`}>
            {placeholder}
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground">{summary}</p>
            {asTable ? (
              <WeekTable caption={`${title}, week by week`} weeks={weeks} series={series} />
            ) : (
              <div className={CHART_HEIGHT}>
                <Suspense fallback={placeholder}>{chart(summary)}</Suspense>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function WeekTable({ caption, weeks, series }: { caption: string; weeks: TGrowthWeek[]; series: TSeries[] }) {
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="px-2">Week of</TableHead>
          {series.map((s) => (
            <TableHead key={s.key} className="px-2 text-end">
              {s.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {[...weeks].reverse().map((w) => (
          <TableRow key={w.weekOf}>
            <th scope="row" className="px-2 py-2 text-start font-medium">
              <abbr title={formatWeekLong(w.weekOf)} className="no-underline">
                {formatWeek(w.weekOf)}
              </abbr>
            </th>
            {series.map((s) => (
              <TableCell key={s.key} className="px-2 py-2 text-end tabular-nums">
                {formatNumber(w[s.key])}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function SmallPrint() {
  return (
    <details className="rounded-2xl border border-border bg-card px-5 py-4 text-sm text-muted-foreground">
      <summary className="font-medium text-foreground">How these figures are counted</summary>
      <ul className="mt-3 grid list-disc gap-1.5 ps-5">
        <li>
          Days and weeks follow your church's time zone; a week runs from Sunday to Saturday, and “this week” is the
          week holding today.
        </li>
        <li>Members are everyone in your church, leaders included.</li>
        <li>
          Active members used the app or earned points in the last 30 days; recently active members, in the last 7 days.
        </li>
        <li>
          Action Step Completion Rate: the share of active members who completed this week's action step (0% when no
          step is set).
        </li>
        <li>
          Avg. Reading Streak: each member's current run of days with at least one Bible reading (a day not read yet
          today does not break it), averaged over all members, counting back up to 400 days.
        </li>
        <li>Active Participants: members who earned any points this week.</li>
        <li>
          Weekly charts: members who earned points, readings, action steps and points in each week, by when they were
          earned. Members who have since left still count in the weeks they took part.
        </li>
      </ul>
    </details>
  );
}
