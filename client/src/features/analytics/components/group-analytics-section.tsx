import { GROUP_QUIET_WEEKS } from "@common/group-helpers";
import type { TGroupAnalytics } from "@common/group-meetings";
import type en from "@common/locales/en/analytics.json";
import { type LucideIcon, UserMinus, Users, UsersRound } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type TTranslate, useFormat, useT } from "@/lib/i18n";
import { useGroupAnalytics } from "../api";
import { analyticsCatalog } from "../i18n";
import { formatWeek, formatWeekLong } from "../weeks";

// recharts comes with the page's other charts, after the first paint.
const GroupAttendanceChart = lazy(() =>
  import("./group-attendance-chart").then((m) => ({ default: m.GroupAttendanceChart })),
);

const CHART_HEIGHT = "h-[260px]";
type TWeeks = TGroupAnalytics["attendanceByWeek"];
type TAnalyticsT = TTranslate<typeof en>;

/** A sentence a screen reader (and anyone) can read instead of the chart. */
function summarize(weeks: TWeeks, t: TAnalyticsT, number: (n: number) => string): string {
  const first = formatWeek(weeks[0].weekStart);
  const last = formatWeek(weeks[weeks.length - 1].weekStart);
  const total = weeks.reduce((sum, w) => sum + w.present, 0);
  if (total === 0) return t("groups.summary.none", { first, last });
  const peak = weeks.reduce((best, w) => (w.present > best.present ? w : best), weeks[0]);
  return t("groups.summary.some", {
    first,
    last,
    total: number(total),
    value: number(weeks[weeks.length - 1].present),
    week: formatWeek(peak.weekStart),
    peak: number(peak.present),
  });
}

/**
 * Issue 27, on the admin's Analytics page: the church's groups, who is in one (and the share of
 * active members in none), attendance for 12 weeks as a chart (or a table), and the groups that have
 * not met in GROUP_QUIET_WEEKS weeks.
 */
export function GroupAnalyticsSection() {
  const t = useT(analyticsCatalog);
  const analytics = useGroupAnalytics();
  const a = analytics.data;
  return (
    <section aria-labelledby="group-analytics-title" className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle id="group-analytics-title">{t("groups.title")}</CardTitle>
          <CardDescription>{t("groups.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          {analytics.isError ? (
            <LoadError what={t("groups.loadError")} onRetry={() => analytics.refetch()} />
          ) : (
            <GroupFigures analytics={a} />
          )}
        </CardContent>
      </Card>
      {!analytics.isError && (
        <div className="grid gap-6 lg:grid-cols-2">
          <AttendanceCard weeks={a?.attendanceByWeek} />
          <QuietGroupsCard groups={a?.quietGroups} />
        </div>
      )}
    </section>
  );
}

type TFigure = { label: string; value: string; note: string; icon: LucideIcon };

function GroupFigures({ analytics: a }: { analytics: TGroupAnalytics | undefined }) {
  const t = useT(analyticsCatalog);
  const format = useFormat();
  if (!a)
    return (
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" role="status" aria-label={t("groups.loading")}>
        {skeletonKeys(3).map((k) => (
          <div key={k} className="rounded-xl border border-border p-4">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="mt-3 h-7 w-14" />
          </div>
        ))}
      </div>
    );
  const figures: TFigure[] = [
    { label: t("groups.count.label"), value: format.number(a.groups), note: t("groups.count.note"), icon: UsersRound },
    {
      label: t("groups.members.label"),
      value: format.number(a.membersInGroups),
      note: t("groups.members.note"),
      icon: Users,
    },
    {
      label: t("groups.none.label"),
      value: t("groups.none.value", { rate: format.number(Math.round(a.activeInNoGroupShare * 100)) }),
      note: t("groups.none.note", { count: format.number(a.activeInNoGroup), active: a.activeMembers }),
      icon: UserMinus,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {figures.map((f) => (
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

function AttendanceCard({ weeks }: { weeks: TWeeks | undefined }) {
  const t = useT(analyticsCatalog);
  const format = useFormat();
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const title = t("groups.attendance");
  const summary = weeks && weeks.length > 0 ? summarize(weeks, t, format.number) : "";
  const placeholder = <Skeleton className={`${CHART_HEIGHT} w-full`} />;
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <CardTitle id={`${id}-title`}>{title}</CardTitle>
          <CardDescription>{t("groups.attendanceDescription")}</CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          aria-pressed={asTable}
          aria-controls={`${id}-body`}
          disabled={!weeks}
          onClick={() => setAsTable((v) => !v)}
        >
          {t("chart.showTable")}
        </Button>
      </CardHeader>
      <CardContent id={`${id}-body`}>
        {!weeks ? (
          <div role="status" aria-label={t("chart.loading", { title })}>
            {placeholder}
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground">{summary}</p>
            {asTable ? (
              <Table>
                <caption className="sr-only">{t("chart.caption", { title })}</caption>
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead className="px-2">{t("table.weekOf")}</TableHead>
                    <TableHead className="px-2 text-end">{t("groups.series.present")}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {[...weeks].reverse().map((w) => (
                    <TableRow key={w.weekStart}>
                      <th scope="row" className="px-2 py-2 text-start font-medium">
                        <abbr title={formatWeekLong(w.weekStart)} className="no-underline">
                          {formatWeek(w.weekStart)}
                        </abbr>
                      </th>
                      <TableCell className="px-2 py-2 text-end tabular-nums">{format.number(w.present)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : (
              <div className={CHART_HEIGHT}>
                <Suspense fallback={placeholder}>
                  <GroupAttendanceChart weeks={weeks} summary={summary} />
                </Suspense>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function QuietGroupsCard({ groups }: { groups: TGroupAnalytics["quietGroups"] | undefined }) {
  const t = useT(analyticsCatalog);
  const format = useFormat();
  const id = useId();
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t("groups.quiet.title", { weeks: GROUP_QUIET_WEEKS })}</CardTitle>
      </CardHeader>
      <CardContent>
        {!groups ? (
          <div className="grid gap-2" role="status" aria-label={t("groups.loading")}>
            {skeletonKeys(3).map((k) => (
              <Skeleton key={k} className="h-10 w-full" />
            ))}
          </div>
        ) : groups.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("groups.quiet.none", { weeks: GROUP_QUIET_WEEKS })}</p>
        ) : (
          <ul className="grid divide-y divide-border">
            {groups.map((g) => (
              <li key={g.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2.5">
                <span className="min-w-0 break-words font-medium text-foreground">{g.name}</span>
                <span className="text-xs text-muted-foreground">
                  {g.lastMeetingAt
                    ? t("groups.quiet.lastMet", {
                        date: format.date(g.lastMeetingAt, { month: "short", day: "numeric", year: "numeric" }),
                      })
                    : t("groups.quiet.neverMet")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
