import {
  Award,
  BookOpen,
  BookOpenCheck,
  Flame,
  Footprints,
  HandHeart,
  HeartHandshake,
  Library,
  type LucideIcon,
  PlayCircle,
  Sprout,
  UserCheck,
} from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/utils";
import { useUserBadges } from "../api";

/** The lucide icons common/badges.ts names. */
const BADGE_ICONS: Record<string, LucideIcon> = {
  "hand-heart": HandHeart,
  "user-check": UserCheck,
  "play-circle": PlayCircle,
  sprout: Sprout,
  "heart-handshake": HeartHandshake,
  award: Award,
  "book-open-check": BookOpenCheck,
  "book-open": BookOpen,
  library: Library,
  footprints: Footprints,
  flame: Flame,
};

/** Spec 2 Profile: the badge list with name and description, else No achievements yet. */
export function AchievementsCard() {
  const badges = useUserBadges();
  const list = badges.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Achievements</CardTitle>
      </CardHeader>
      <CardContent>
        {badges.isLoading ? (
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Loading achievements">
            {skeletonKeys(2).map((key) => (
              <li key={key} className="flex items-center gap-3 rounded-xl border border-border p-3">
                <Skeleton className="size-10 rounded-full" />
                <div className="grid flex-1 gap-1.5">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-3/4" />
                </div>
              </li>
            ))}
          </ul>
        ) : badges.isError ? (
          <LoadError what="Achievements" onRetry={() => badges.refetch()} className="py-6 text-center" />
        ) : list.length === 0 ? (
          <EmptyState
            icon={Award}
            title="No achievements yet"
            description="Earn badges by watching sermons, reading daily and completing your weekly action step."
            className="py-6"
          />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {list.map((badge) => {
              const Icon = BADGE_ICONS[badge.icon] ?? Award;
              return (
                <li key={badge.name} className="flex items-start gap-3 rounded-xl border border-border p-3">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-text">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <div className="grid min-w-0 gap-0.5">
                    <span className="text-sm font-semibold text-foreground">{badge.name}</span>
                    <span className="text-xs text-muted-foreground">{badge.description}</span>
                    <span className="text-xs text-muted-foreground">Earned {formatDate(badge.earnedAt)}</span>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
