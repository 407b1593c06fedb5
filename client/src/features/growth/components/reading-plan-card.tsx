import { addDays } from "@common/dates";
import { POINTS } from "@common/points";
import type { TReadingDay, TReadingToday } from "@common/reading";
import { READING_CATCH_UP_DAYS } from "@common/reading-helpers";
import { BookOpen, CheckCircle2, Circle, ExternalLink } from "lucide-react";
import { useState } from "react";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { Rich, useFormat, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { useCompleteReading, useTodayReadings } from "../api";
import { growthCatalog } from "../i18n";

/** A calendar day (`YYYY-MM-DD`) as words in the language on screen; the day is the church's, so no time zone shifts it. */
function useDayLabel() {
  const format = useFormat();
  return (date: string, options: Intl.DateTimeFormatOptions) =>
    format.date(`${date}T12:00:00Z`, { ...options, timeZone: "UTC" });
}

/** Days of this week so far with at least one reading (a day counts as it does for the streak). */
export function weekSummary(data: Pick<TReadingToday, "date" | "week">): {
  read: number;
  soFar: number;
  percent: number;
} {
  const soFar = data.week.filter((d) => d.date <= data.date);
  const read = soFar.filter((d) => d.completed > 0).length;
  return { read, soFar: soFar.length, percent: soFar.length ? Math.round((read / soFar.length) * 100) : 0 };
}

function DayButton({
  day,
  today,
  selected,
  onSelect,
}: {
  day: TReadingDay;
  today: string;
  selected: boolean;
  onSelect: () => void;
}) {
  const t = useT(growthCatalog);
  const dayLabel = useDayLabel();
  const isFuture = day.date > today;
  const isTooOld = day.date < addDays(today, -READING_CATCH_UP_DAYS);
  const full = day.completed >= day.total;
  return (
    <button
      type="button"
      onClick={onSelect}
      disabled={isFuture || isTooOld}
      aria-pressed={selected}
      className={cn(
        "flex min-w-0 flex-col items-center gap-1 rounded-xl border px-1 py-2 text-xs transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default",
        selected ? "border-brand bg-brand-soft" : "border-border hover:bg-muted disabled:hover:bg-transparent",
        isFuture && "opacity-60",
      )}
    >
      <span className="font-medium text-muted-foreground">{dayLabel(day.date, { weekday: "narrow" })}</span>
      <span
        className={cn(
          "flex size-8 items-center justify-center rounded-full text-sm font-semibold",
          full
            ? "bg-primary text-primary-foreground"
            : day.completed > 0
              ? "bg-brand-soft text-brand-text ring-1 ring-brand-border"
              : "bg-muted text-foreground",
          day.date === today && !full && "ring-2 ring-brand",
        )}
      >
        {dayLabel(day.date, { day: "numeric" })}
      </span>
      <span className="text-[11px] text-muted-foreground tabular-nums">
        {day.completed}/{day.total}
      </span>
      {/* The name says it in words after what the button shows (so the visible text stays in it). */}
      <span className="sr-only">
        {t(day.date === today ? "reading.dayLabelToday" : "reading.dayLabel", {
          date: dayLabel(day.date, { weekday: "long", day: "numeric", month: "long" }),
          completed: day.completed,
          total: day.total,
        })}
      </span>
    </button>
  );
}

/** Spec 1 §2.9 "One Year Bible Plan": today's three readings, the week's grid, catch-up of past days. */
export function ReadingPlanCard() {
  const t = useT(growthCatalog);
  const dayLabel = useDayLabel();
  const readings = useTodayReadings();
  const complete = useCompleteReading();
  const [selectedDate, setSelectedDate] = useState<string | null>(null);
  const data = readings.data;
  const day = data && (data.week.find((d) => d.date === (selectedDate ?? data.date)) ?? null);
  const dayReadings = day?.readings ?? data?.readings ?? [];
  const date = day?.date ?? data?.date ?? "";
  const summary = data ? weekSummary(data) : null;

  const markRead = (passage: string) =>
    complete.mutate(
      { passage, readingDate: date },
      {
        onSuccess: (r) =>
          toast({
            title: r.awarded > 0 ? t("reading.complete") : t("reading.already"),
            description:
              r.awarded > 0
                ? t("reading.completeDescription", { points: r.awarded, streak: r.streak })
                : t("reading.alreadyDescription", { passage }),
          }),
        onError: (error) =>
          toastApiError(error, {
            description: getServerMessage(error) ?? t("reading.failed"),
          }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BookOpen className="size-5 text-brand-text" aria-hidden="true" />
          {t("reading.title")}
        </CardTitle>
        <CardDescription>
          {date
            ? t("reading.planOn", { date: dayLabel(date, { weekday: "long", day: "numeric", month: "long" }) })
            : t("reading.plan")}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {readings.isError ? (
          <LoadError what={t("reading.error")} onRetry={() => readings.refetch()} className="py-6 text-center" />
        ) : !data ? (
          <div role="status" aria-label={t("reading.loading")} className="grid gap-3">
            <div className="grid grid-cols-7 gap-1.5">
              {skeletonKeys(7).map((k) => (
                <Skeleton key={k} className="h-[74px]" />
              ))}
            </div>
            {skeletonKeys(3).map((k) => (
              <Skeleton key={k} className="h-14" />
            ))}
          </div>
        ) : (
          <>
            <div>
              <fieldset className="grid grid-cols-7 gap-1.5">
                <legend className="sr-only">{t("reading.week")}</legend>
                {data.week.map((d) => (
                  <DayButton
                    key={d.date}
                    day={d}
                    today={data.date}
                    selected={d.date === date}
                    onSelect={() => setSelectedDate(d.date)}
                  />
                ))}
              </fieldset>
              {summary && (
                <p className="mt-2 text-sm text-muted-foreground">
                  <Rich
                    catalog={growthCatalog}
                    k="reading.weekSummary"
                    values={{ read: summary.read, count: summary.soFar, percent: summary.percent }}
                    components={{ 0: <span className="font-medium text-foreground" /> }}
                  />
                </p>
              )}
            </div>
            {date !== data.date && (
              <p className="rounded-lg bg-brand-soft px-3 py-2 text-sm text-brand-text">
                {t("reading.catchingUp", { day: dayLabel(date, { weekday: "long" }) })}{" "}
                <button type="button" className="font-medium underline" onClick={() => setSelectedDate(null)}>
                  {t("reading.backToToday")}
                </button>
              </p>
            )}
            <ul className="grid gap-2">
              {dayReadings.map((r) => (
                <li
                  key={r.passage}
                  className={cn(
                    "flex items-center gap-3 rounded-xl border p-3",
                    r.isCompleted ? "border-brand-border bg-brand-soft" : "border-border",
                  )}
                >
                  <button
                    type="button"
                    onClick={() => markRead(r.passage)}
                    disabled={r.isCompleted || complete.isPending}
                    aria-label={
                      r.isCompleted
                        ? t("reading.isRead", { passage: r.passage })
                        : t("reading.markRead", { passage: r.passage })
                    }
                    className="flex size-9 shrink-0 items-center justify-center rounded-full text-brand-text focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default"
                  >
                    {r.isCompleted ? (
                      <CheckCircle2 className="size-6" aria-hidden="true" />
                    ) : (
                      <Circle className="size-6 text-muted-foreground" aria-hidden="true" />
                    )}
                  </button>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{r.passage}</span>
                    <span className="text-xs text-muted-foreground">
                      {r.isCompleted ? t("reading.read") : t("reading.points", { points: POINTS.dailyReading })}
                    </span>
                  </span>
                  <a
                    href={r.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-text hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {t("reading.open")}
                    <span className="sr-only"> {t("reading.openLabel", { passage: r.passage })}</span>
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                  </a>
                </li>
              ))}
            </ul>
            <p className="text-xs text-muted-foreground">
              {t("reading.rules", {
                points: POINTS.dailyReading,
                all: 3 * POINTS.dailyReading,
                days: READING_CATCH_UP_DAYS,
              })}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
