import { GROUP_QUIET_WEEKS } from "@common/group-helpers";
import type { TGroupAnalytics } from "@common/group-meetings";
import type en from "@common/locales/en/analytics.json";
import { UserMinus, Users, UsersRound } from "lucide-react";
import { lazy, useId } from "react";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { type TTranslate, useFormat, useT } from "@/lib/i18n";
import { useGroupAnalytics } from "../api";
import { analyticsCatalog } from "../i18n";
import { formatWeek } from "../weeks";
import { FigureTiles, type TFigure } from "./figure-tiles";
import { WeekChartCard } from "./week-chart-card";

// recharts comes with the page's other charts (one chunk), after the first paint.
const GroupAttendanceChart = lazy(() => import("./growth-charts").then((m) => ({ default: m.GroupAttendanceChart })));

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

function GroupFigures({ analytics: a }: { analytics: TGroupAnalytics | undefined }) {
  const t = useT(analyticsCatalog);
  const format = useFormat();
  const figures: TFigure[] | undefined = a && [
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
  return <FigureTiles figures={figures} count={3} loadingLabel={t("groups.loading")} />;
}

function AttendanceCard({ weeks }: { weeks: TWeeks | undefined }) {
  const t = useT(analyticsCatalog);
  const format = useFormat();
  const summary = weeks && weeks.length > 0 ? summarize(weeks, t, format.number) : "";
  return (
    <WeekChartCard
      title={t("groups.attendance")}
      description={t("groups.attendanceDescription")}
      weeks={weeks}
      weekOf={(w) => w.weekStart}
      series={[{ key: "present", label: t("groups.series.present") }]}
      summary={summary}
      chart={weeks && <GroupAttendanceChart weeks={weeks} summary={summary} />}
    />
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
