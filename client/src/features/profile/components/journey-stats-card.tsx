import { CalendarCheck, Flame, type LucideIcon, PlayCircle, Star } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/utils";
import { useUserStats } from "../api";

function Stat({ label, value, icon: Icon }: { label: string; value: number | undefined; icon: LucideIcon }) {
  return (
    <div className="grid gap-2 rounded-xl border border-border p-3">
      <span className="flex size-9 items-center justify-center rounded-lg bg-brand-soft text-brand-text">
        <Icon className="size-[18px]" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        {value === undefined ? (
          <Skeleton className="mb-1 h-7 w-12" role="status" aria-label={`Loading ${label}`} />
        ) : (
          <p className="text-2xl font-bold tracking-tight text-foreground">{formatNumber(value)}</p>
        )}
        <p className="text-xs text-muted-foreground">{label}</p>
      </div>
    </div>
  );
}

/** Spec 2 Profile: Total Points, Sermons Watched, Events Attended, Active Streaks (count of streak keys). */
export function JourneyStatsCard() {
  const stats = useUserStats();
  const s = stats.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Spiritual Journey</CardTitle>
        <CardDescription>Your growth at church, in numbers.</CardDescription>
      </CardHeader>
      <CardContent>
        {stats.isError ? (
          <LoadError what="Your statistics" onRetry={() => stats.refetch()} />
        ) : (
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label="Total Points" icon={Star} value={s?.points} />
            <Stat label="Sermons Watched" icon={PlayCircle} value={s?.sermonsWatched} />
            <Stat label="Events Attended" icon={CalendarCheck} value={s?.eventsAttended} />
            <Stat label="Active Streaks" icon={Flame} value={s ? Object.keys(s.streaks ?? {}).length : undefined} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
