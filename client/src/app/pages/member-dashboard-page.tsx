import { isFirstVisit } from "@common/member-helpers";
import { formatDuration } from "@common/sermon-helpers";
import {
  BookOpen,
  CalendarCheck,
  CalendarDays,
  Flame,
  HeartHandshake,
  PlayCircle,
  Smartphone,
  Sprout,
  Star,
} from "lucide-react";
import { useMemo } from "react";
import { Link } from "wouter";
import { BadgeList } from "@/components/badge-list";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { QuickActionGrid, type TQuickAction } from "@/components/quick-action-grid";
import { StatCard } from "@/components/stat-card";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { ActionStepCard } from "@/features/action-steps/components/action-step-card";
import { useUpcomingEvents } from "@/features/events/api";
import { UpcomingEventList } from "@/features/events/components/upcoming-event-list";
import { eventFormatter } from "@/features/events/format";
import { MyGroupsCard } from "@/features/groups/components/my-groups-card";
import { useUserBadges } from "@/features/profile/api";
import { useLatestSermons } from "@/features/sermons/api";
import { SermonThumbnail } from "@/features/sermons/components/sermon-thumbnail";
import { countActiveStreaks, useUserStats } from "@/features/user/api";
import { useCurrentUser } from "@/lib/current-user";
import { type TTranslate, useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useNow } from "@/lib/use-now";
import { pagesCatalog } from "./i18n";

const DASHBOARD_EVENT_COUNT = 3;
const RECENT_BADGE_COUNT = 3;

function ListSkeleton({ label }: { label: string }) {
  return (
    <ul className="grid gap-2" aria-label={label}>
      {skeletonKeys(3).map((key) => (
        <li key={key} className="grid gap-1.5 rounded-xl border border-border p-3">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
        </li>
      ))}
    </ul>
  );
}

const quickActions = (t: TTranslate<typeof pagesCatalog.en>): TQuickAction[] => [
  { label: t("member.action.latestSermon"), href: "/sermons", icon: PlayCircle },
  { label: t("member.action.events"), href: "/events", icon: CalendarDays },
  { label: t("member.action.prayer"), href: "/prayer-requests", icon: HeartHandshake },
  { label: t("member.action.growth"), href: "/growth", icon: Sprout },
  { label: t("member.action.app"), href: "/mobile-settings", icon: Smartphone },
];

function SectionLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} className="text-sm font-medium text-brand-text hover:underline">
      {children}
    </Link>
  );
}

/**
 * The member's four numbers. Each card below owns its query, so an answer redraws its own card
 * rather than the whole page (issue 30: every answer redrew the dashboard, a long task each on a phone).
 */
function StatsRow() {
  const t = useT(pagesCatalog);
  const stats = useUserStats();
  const s = stats.data;
  if (stats.isError) {
    return <LoadError card what={t("member.statsError")} onRetry={() => stats.refetch()} className="mb-6 p-5" />;
  }
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label={t("member.stat.points")} icon={Star} value={s?.points} isLoading={stats.isLoading} />
      <StatCard
        label={t("member.stat.sermonsWatched")}
        icon={PlayCircle}
        value={s?.sermonsWatched}
        isLoading={stats.isLoading}
      />
      <StatCard
        label={t("member.stat.eventsAttended")}
        icon={CalendarCheck}
        value={s?.eventsAttended}
        isLoading={stats.isLoading}
      />
      <StatCard
        label={t("member.stat.streaks")}
        icon={Flame}
        value={countActiveStreaks(s)}
        isLoading={stats.isLoading}
      />
    </div>
  );
}

function LatestSermonsCard() {
  const t = useT(pagesCatalog);
  // Only what the cards show: the newest sermons and the next events, never the whole lists.
  const sermons = useLatestSermons();
  const latestSermons = sermons.data ?? [];
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>{t("member.latestSermons")}</CardTitle>
        <SectionLink href="/sermons">{t("member.viewAll")}</SectionLink>
      </CardHeader>
      <CardContent>
        {sermons.isLoading ? (
          <ListSkeleton label={t("member.loadingSermons")} />
        ) : sermons.isError ? (
          <LoadError what={t("member.sermonsError")} onRetry={() => sermons.refetch()} className="py-6 text-center" />
        ) : latestSermons.length === 0 ? (
          <EmptyState
            icon={BookOpen}
            title={t("member.noSermons")}
            description={t("member.noSermonsDescription")}
            className="py-6"
          />
        ) : (
          <ul className="grid gap-2">
            {latestSermons.map((sermon) => (
              <li key={sermon.id}>
                <Link
                  href={`/sermons/${encodeURIComponent(sermon.id)}`}
                  className="flex items-center gap-3 rounded-xl border border-border p-3 transition-colors hover:border-brand-border hover:bg-brand-soft"
                >
                  <SermonThumbnail sermon={sermon} compact className="w-20 shrink-0 rounded-lg" />
                  <span className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
                    <span className="truncate text-sm font-medium text-foreground">{sermon.title}</span>
                    <span className="truncate text-xs text-muted-foreground">
                      {[sermon.pastor, formatDuration(sermon.duration)].filter(Boolean).join(" · ")}
                    </span>
                    {sermon.series && <span className="truncate text-xs text-brand-text">{sermon.series}</span>}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function UpcomingEventsCard() {
  const t = useT(pagesCatalog);
  const user = useCurrentUser();
  const events = useUpcomingEvents(DASHBOARD_EVENT_COUNT);
  const now = useNow();
  const format = useMemo(() => eventFormatter(user.church.timeZone), [user.church.timeZone]);
  const upcoming = events.data ?? [];
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>{t("dashboard.upcomingEvents")}</CardTitle>
        <SectionLink href="/events">{t("member.viewAll")}</SectionLink>
      </CardHeader>
      <CardContent>
        {events.isLoading ? (
          <ListSkeleton label={t("member.loadingEvents")} />
        ) : events.isError ? (
          <LoadError what={t("member.eventsError")} onRetry={() => events.refetch()} className="py-6 text-center" />
        ) : upcoming.length === 0 ? (
          <EmptyState
            icon={CalendarDays}
            title={t("dashboard.noEvents")}
            description={t("member.noEventsDescription", { church: user.church.name })}
            className="py-6"
          />
        ) : (
          <UpcomingEventList events={upcoming} format={format} now={now} />
        )}
      </CardContent>
    </Card>
  );
}

function AchievementsCard() {
  const t = useT(pagesCatalog);
  const badges = useUserBadges();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("member.achievements")}</CardTitle>
      </CardHeader>
      <CardContent>
        {/* Spec 2: the first three badges. */}
        <BadgeList
          badges={badges.data?.slice(0, RECENT_BADGE_COUNT)}
          isLoading={badges.isLoading}
          isError={badges.isError}
          onRetry={() => badges.refetch()}
        />
      </CardContent>
    </Card>
  );
}

/**
 * Spec 2 Member dashboard, at `/` for everyone who is not an admin. It shows several features' data
 * (the member's statistics, groups, sermons and events), so it is composed here in app/.
 */
export function MemberDashboardPage() {
  const t = useT(pagesCatalog);
  const user = useCurrentUser();
  useDocumentTitle(t("member.title"));

  return (
    <>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t(isFirstVisit(user) ? "member.welcome" : "member.welcomeBack", {
            name: user.firstName || t("member.friend"),
          })}
        </h1>
        <p className="mt-1 text-muted-foreground">{t("member.intro", { church: user.church.name })}</p>
      </div>

      <StatsRow />

      <div className="grid gap-6 lg:grid-cols-3">
        <ActionStepCard
          className="lg:col-span-2"
          heading={t("member.challenge")}
          emptyTitle={t("member.challengeEmpty")}
        />
        <Card>
          <CardHeader>
            <CardTitle>{t("dashboard.quickActions")}</CardTitle>
          </CardHeader>
          <CardContent>
            <QuickActionGrid actions={quickActions(t)} singleColumn />
          </CardContent>
        </Card>
        <MyGroupsCard />
        <LatestSermonsCard />
        <UpcomingEventsCard />
        <AchievementsCard />
      </div>
    </>
  );
}
