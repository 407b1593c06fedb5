import { type ReactNode, Suspense, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormat, useT } from "@/lib/i18n";
import { analyticsCatalog } from "../i18n";
import { formatWeek, formatWeekLong } from "../weeks";

const CHART_HEIGHT = "h-[260px]";

/** One figure of a week: its key in the week's row, and its name as a column of the table. */
export type TWeekSeries<K extends string> = { key: K; label: string };

/**
 * A chart of weeks in a card (the growth charts, issue 27's group attendance): its title, a
 * sentence that says what it shows (for anyone, and the chart's description), and "Show as table"
 * to read the weeks as a table instead, newest first. The chart itself is lazily loaded by the
 * caller (recharts), a skeleton meanwhile.
 */
export function WeekChartCard<K extends string, W extends Record<K, number>>({
  title,
  description,
  weeks,
  weekOf,
  series,
  summary,
  chart,
}: {
  title: string;
  description: string;
  weeks: W[] | undefined;
  /** A week's Sunday (`YYYY-MM-DD`). */
  weekOf: (week: W) => string;
  series: TWeekSeries<K>[];
  summary: string;
  chart: ReactNode;
}) {
  const t = useT(analyticsCatalog);
  const [asTable, setAsTable] = useState(false);
  const id = useId();
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
              <WeekTable caption={t("chart.caption", { title })} weeks={weeks} weekOf={weekOf} series={series} />
            ) : (
              <div className={CHART_HEIGHT}>
                <Suspense fallback={placeholder}>{chart}</Suspense>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function WeekTable<K extends string, W extends Record<K, number>>({
  caption,
  weeks,
  weekOf,
  series,
}: {
  caption: string;
  weeks: W[];
  weekOf: (week: W) => string;
  series: TWeekSeries<K>[];
}) {
  const t = useT(analyticsCatalog);
  const format = useFormat();
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="px-2">{t("table.weekOf")}</TableHead>
          {series.map((s) => (
            <TableHead key={s.key} className="px-2 text-end">
              {s.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {[...weeks].reverse().map((w) => (
          <TableRow key={weekOf(w)}>
            <th scope="row" className="px-2 py-2 text-start font-medium">
              <abbr title={formatWeekLong(weekOf(w))} className="no-underline">
                {formatWeek(weekOf(w))}
              </abbr>
            </th>
            {series.map((s) => (
              <TableCell key={s.key} className="px-2 py-2 text-end tabular-nums">
                {format.number(w[s.key])}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
