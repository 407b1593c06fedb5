import type { TGroupAnalytics } from "@common/group-meetings";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useFormat, useT } from "@/lib/i18n";
import { analyticsCatalog } from "../i18n";
import { formatWeek } from "../weeks";

/**
 * Issue 27: people present at group meetings, week by week, drawn as the growth charts are
 * (recharts, loaded lazily by the analytics page only). The figures are on the page as text and as a
 * table too (group-analytics-section.tsx).
 */

const AXIS = { fontSize: 12, fill: "#57534e" } as const;
const GRID = "#e7e5e4";
const FIRST = "var(--brand-text)";

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
        <Tooltip
          labelFormatter={(label: unknown) => t("charts.weekOf", { week: String(label) })}
          formatter={(value: unknown) => format.number(Number(value))}
          contentStyle={{ borderRadius: 8, borderColor: GRID, fontSize: 13 }}
          cursor={{ fill: "#f5f5f4" }}
        />
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
