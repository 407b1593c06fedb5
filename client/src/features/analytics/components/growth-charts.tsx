import type { TGrowthWeek } from "@common/analytics";
import type { TGroupAnalytics } from "@common/group-meetings";
import type en from "@common/locales/en/analytics.json";
import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { type TTranslate, useFormat, useT } from "@/lib/i18n";
import { analyticsCatalog } from "../i18n";
import { formatWeek } from "../weeks";

/**
 * The growth analytics charts, drawn with recharts. This module is loaded only by the Growth
 * Analytics page, lazily, so no other page (nor that page's first paint) downloads the library.
 * Each chart's figures are also on the page as text and as a table (growth-analytics-page.tsx,
 * group-analytics-section.tsx).
 */

const AXIS = { fontSize: 12, fill: "#57534e" } as const;
const GRID = "#e7e5e4";
/** The church's colour for the first series, a neutral stone for the second (AA on white). */
const FIRST = "var(--brand-text)";
const SECOND = "#57534e";

/** `summary` becomes the chart's description for assistive technology (the page shows it too). */
type TChartProps = { weeks: TGrowthWeek[]; summary: string };
type TRow = TGrowthWeek & { label: string };
const rowsOf = (weeks: TGrowthWeek[]): TRow[] => weeks.map((w) => ({ ...w, label: formatWeek(w.weekOf) }));

const tooltipPropsOf = (t: TTranslate<typeof en>, number: (n: number) => string) =>
  ({
    labelFormatter: (label: unknown) => t("charts.weekOf", { week: String(label) }),
    formatter: (value: unknown) => number(Number(value)),
    contentStyle: { borderRadius: 8, borderColor: GRID, fontSize: 13 },
  }) as const;

/** Participants (left axis, line) and points (right axis, area), week by week. */
export function ParticipationChart({ weeks, summary }: TChartProps) {
  const t = useT(analyticsCatalog);
  const format = useFormat();
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ComposedChart
        title={t("charts.participationTitle")}
        desc={summary}
        data={rowsOf(weeks)}
        margin={{ top: 8, right: 4, bottom: 0, left: -12 }}
      >
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={12} />
        <YAxis yAxisId="people" allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} width={44} />
        <YAxis
          yAxisId="points"
          orientation="right"
          allowDecimals={false}
          tick={AXIS}
          tickLine={false}
          axisLine={false}
          width={48}
          tickFormatter={(v: number) => format.number(v)}
        />
        <Tooltip {...tooltipPropsOf(t, format.number)} />
        <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
        <Area
          yAxisId="points"
          type="monotone"
          dataKey="points"
          name={t("charts.pointsAxis")}
          stroke={SECOND}
          fill={SECOND}
          fillOpacity={0.12}
          strokeWidth={1.5}
          isAnimationActive={false}
        />
        <Line
          yAxisId="people"
          type="monotone"
          dataKey="participants"
          name={t("series.participants")}
          stroke={FIRST}
          strokeWidth={2.5}
          dot={{ r: 3, fill: FIRST }}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** Readings and action steps completed, week by week, as grouped bars. */
export function ActivityChart({ weeks, summary }: TChartProps) {
  const t = useT(analyticsCatalog);
  const format = useFormat();
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart
        title={t("charts.activityTitle")}
        desc={summary}
        data={rowsOf(weeks)}
        margin={{ top: 8, right: 4, bottom: 0, left: -12 }}
        barGap={2}
      >
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={12} />
        <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} width={44} />
        <Tooltip {...tooltipPropsOf(t, format.number)} cursor={{ fill: "#f5f5f4" }} />
        <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
        <Bar
          dataKey="readings"
          name={t("series.readings")}
          fill={FIRST}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
        <Bar
          dataKey="actionSteps"
          name={t("series.actionSteps")}
          fill={SECOND}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Issue 27: people present at group meetings, week by week. */
export function GroupAttendanceChart({
  weeks,
  summary,
}: {
  weeks: TGroupAnalytics["attendanceByWeek"];
  summary: string;
}) {
  const t = useT(analyticsCatalog);
  const format = useFormat();
  const rows = weeks.map((w) => ({ ...w, label: formatWeek(w.weekStart) }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart
        title={t("charts.groupAttendanceTitle")}
        desc={summary}
        data={rows}
        margin={{ top: 8, right: 4, bottom: 0, left: -12 }}
      >
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={12} />
        <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} width={44} />
        <Tooltip {...tooltipPropsOf(t, format.number)} cursor={{ fill: "#f5f5f4" }} />
        <Bar
          dataKey="present"
          name={t("groups.series.present")}
          fill={FIRST}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
