import type { TActivityKind } from "@common/profile";
import {
  Award,
  BookOpen,
  CalendarCheck,
  Footprints,
  HandHeart,
  History,
  type LucideIcon,
  PlayCircle,
  Sprout,
  UsersRound,
} from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useFormat, useT } from "@/lib/i18n";
import { useNow } from "@/lib/use-now";
import { RECENT_ACTIVITY_COUNT, useRecentActivity } from "../api";
import { profileCatalog } from "../i18n";

const KIND_ICONS: Record<TActivityKind, LucideIcon> = {
  sermon_watch: PlayCircle,
  bible_reading: BookOpen,
  action_step: Footprints,
  partner_prayer: HandHeart,
  onboarding_step: Sprout,
  event_check_in: CalendarCheck,
  badge: Award,
  group_attendance: UsersRound,
};

/** Spec 2 Profile: the member's real recent doings (awards, check-ins, badges), newest first. */
export function RecentActivityCard() {
  const t = useT(profileCatalog);
  const format = useFormat();
  const relative = (at: string) => format.relative(at, now);
  const activity = useRecentActivity();
  const now = useNow();
  const items = activity.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("activity.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        {activity.isLoading ? (
          <ul className="grid gap-3" aria-label={t("activity.loading")}>
            {skeletonKeys(RECENT_ACTIVITY_COUNT).map((key) => (
              <li key={key} className="flex items-center gap-3">
                <Skeleton className="size-9 rounded-full" />
                <div className="grid flex-1 gap-1.5">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-3 w-1/4" />
                </div>
              </li>
            ))}
          </ul>
        ) : activity.isError ? (
          <LoadError what={t("activity.error")} onRetry={() => activity.refetch()} className="py-6 text-center" />
        ) : items.length === 0 ? (
          <EmptyState
            icon={History}
            title={t("activity.empty")}
            description={t("activity.emptyDescription")}
            className="py-6"
          />
        ) : (
          <ul className="grid gap-1">
            {items.map((item) => {
              const Icon = KIND_ICONS[item.kind] ?? History;
              return (
                <li key={item.id} className="flex items-center gap-3 rounded-lg py-2">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-text">
                    <Icon className="size-[18px]" aria-hidden="true" />
                  </span>
                  <div className="grid min-w-0 flex-1">
                    <span className="text-sm break-words text-foreground">{item.label}</span>
                    <time dateTime={item.at} className="text-xs text-muted-foreground">
                      {relative(item.at)}
                    </time>
                  </div>
                  {item.points > 0 && (
                    <Badge tone="soft" className="shrink-0">
                      {t("activity.points", { points: format.number(item.points) })}
                    </Badge>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
