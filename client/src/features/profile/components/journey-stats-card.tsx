import { CalendarCheck, Flame, type LucideIcon, PlayCircle, Star } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useFormat, useT } from "@/lib/i18n";
import { useUserStats } from "../api";
import { profileCatalog } from "../i18n";

function Stat({ label, value, icon: Icon }: { label: string; value: number | undefined; icon: LucideIcon }) {
  const t = useT(profileCatalog);
  const format = useFormat();
  return (
    <div className="grid gap-2 rounded-xl border border-border p-3">
      <span className="flex size-9 items-center justify-center rounded-lg bg-brand-soft text-brand-text">
        <Icon className="size-[18px]" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        {value === undefined ? (
          <Skeleton className="mb-1 h-7 w-12" role="status" aria-label={t("stats.loading", { label })} />
        ) : (
          <p className="text-2xl font-bold tracking-tight text-foreground">{format.number(value)}</p>
        )}
        <p className="text-xs text-muted-foreground">{label}</p>
      </div>
    </div>
  );
}

/** Spec 2 Profile: Total Points, Sermons Watched, Events Attended, Active Streaks (count of streak keys). */
export function JourneyStatsCard() {
  const t = useT(profileCatalog);
  const stats = useUserStats();
  const s = stats.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("stats.title")}</CardTitle>
        <CardDescription>{t("stats.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {stats.isError ? (
          <LoadError what={t("stats.error")} onRetry={() => stats.refetch()} />
        ) : (
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label={t("stats.points")} icon={Star} value={s?.points} />
            <Stat label={t("stats.sermons")} icon={PlayCircle} value={s?.sermonsWatched} />
            <Stat label={t("stats.events")} icon={CalendarCheck} value={s?.eventsAttended} />
            <Stat label={t("stats.streaks")} icon={Flame} value={s ? Object.keys(s.streaks ?? {}).length : undefined} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
