import {
  BarChart3,
  BookOpen,
  CalendarDays,
  CalendarPlus,
  HeartHandshake,
  Mic,
  Radio,
  TrendingUp,
  UserPlus,
  Users,
} from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { QuickActionGrid, type TQuickAction } from "@/components/quick-action-grid";
import { StatCard } from "@/components/stat-card";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAdminStats } from "@/features/admin/api";
import { AdminWelcomeCard } from "@/features/admin/components/admin-welcome-card";
import { RecentActivityCard } from "@/features/admin/components/recent-activity-card";
import { EmailVerificationNotice } from "@/features/auth/components/email-verification-notice";
import { useUpcomingEvents } from "@/features/events/api";
import { UpcomingEventList } from "@/features/events/components/upcoming-event-list";
import { eventFormatter } from "@/features/events/format";
import { PendingKudosNotice } from "@/features/kudos/components/pending-kudos-notice";
import { useCurrentUser } from "@/lib/current-user";
import { Rich, type TTranslate, useT } from "@/lib/i18n";
import { isTourDone, useMarkTourDone } from "@/lib/tours";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useNow } from "@/lib/use-now";
import { useHideShellEmailNotice } from "../shell/shell-notices";
import { pagesCatalog } from "./i18n";

// What each action does, truly: a sermon is added as a link to its recording (nothing is uploaded).
// Installing the app is a member's step, not an admin action (issue 24).
const ACTIONS = [
  { key: "sermon", href: "/admin/sermons", icon: Mic },
  { key: "event", href: "/admin/events", icon: CalendarPlus },
  { key: "members", href: "/admin/members", icon: Users },
  { key: "analytics", href: "/admin/analytics", icon: BarChart3 },
  { key: "live", href: "/admin/live-stream", icon: Radio },
  { key: "invite", href: "/admin/invitations", icon: UserPlus },
] as const;

const quickActions = (t: TTranslate<typeof pagesCatalog.en>): TQuickAction[] =>
  ACTIONS.map(({ key, href, icon }) => ({
    label: t(`admin.action.${key}`),
    description: t(`admin.action.${key}Note`),
    href,
    icon,
  }));
const DASHBOARD_EVENT_COUNT = 3;

/**
 * Spec 2 Admin dashboard (the route table's variant), at `/` for admins and at `/admin`. It shows
 * two features' data (the church's figures and its events), so it is composed here in app/.
 */
export function AdminDashboardPage() {
  const t = useT(pagesCatalog);
  const user = useCurrentUser();
  const stats = useAdminStats();
  const s = stats.data;
  const hasUpcoming = !!s && s.upcomingEvents > 0;
  const events = useUpcomingEvents(DASHBOARD_EVENT_COUNT, hasUpcoming);
  const now = useNow();
  const format = useMemo(() => eventFormatter(user.church.timeZone), [user.church.timeZone]);
  const upcoming = events.data ?? [];
  useDocumentTitle(t("admin.title"));
  // The one welcome (issue 24): until dismissed, on any device. Closed at once on a click.
  const markTourDone = useMarkTourDone();
  const [isWelcomeDismissed, setIsWelcomeDismissed] = useState(false);
  const isWelcomeShown = !isWelcomeDismissed && !isTourDone(user, "admin-welcome");
  useHideShellEmailNotice(isWelcomeShown);
  const dismissWelcome = () => {
    setIsWelcomeDismissed(true);
    void markTourDone("admin-welcome");
  };

  return (
    <>
      {isWelcomeShown && (
        <AdminWelcomeCard
          firstName={user.firstName}
          churchName={user.church.name}
          steps={s?.firstSteps}
          notice={<EmailVerificationNotice user={user} />}
          onDismiss={dismissWelcome}
        />
      )}
      <PageHeader title={t("admin.title")} description={t("admin.description", { church: user.church.name })} />

      {stats.isError ? (
        <LoadError card what={t("admin.statsError")} onRetry={() => stats.refetch()} className="mb-6 p-5" />
      ) : (
        <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <StatCard
            label={t("admin.stat.members")}
            icon={Users}
            value={s?.totalMembers}
            isLoading={stats.isLoading}
            note={s && t("admin.stat.membersNote", { count: s.totalAdmins })}
          />
          <StatCard
            label={t("admin.stat.active")}
            icon={TrendingUp}
            value={s?.activeThisWeek}
            isLoading={stats.isLoading}
            note={s && t("admin.stat.activeNote", { count: s.newMembersThisMonth })}
          />
          <StatCard
            label={t("admin.stat.sermons")}
            icon={BookOpen}
            value={s?.totalSermons}
            isLoading={stats.isLoading}
            note={t("admin.stat.sermonsNote")}
          />
          <StatCard
            label={t("admin.stat.prayer")}
            icon={HeartHandshake}
            value={s?.prayerRequests}
            isLoading={stats.isLoading}
            note={t("admin.stat.prayerNote")}
          />
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t("dashboard.quickActions")}</CardTitle>
          </CardHeader>
          <CardContent>
            <QuickActionGrid actions={quickActions(t)} />
            {!stats.isError && <PendingKudosNotice count={s?.pendingKudos} className="mt-4" />}
            {s && (s.invitationsToReview > 0 || s.invitationsSent > 0) && (
              <div className="mt-4 grid gap-1 text-sm text-muted-foreground">
                {s.invitationsToReview > 0 && (
                  <p>
                    <Rich
                      catalog={pagesCatalog}
                      k="admin.invitationsToReview"
                      values={{ count: s.invitationsToReview }}
                      components={{ 0: <span className="font-medium text-foreground" /> }}
                    />
                  </p>
                )}
                {s.invitationsSent > 0 && <p>{t("admin.invitationsSent", { count: s.invitationsSent })}</p>}
                <Link
                  href="/admin/invitations"
                  className="justify-self-start font-medium text-brand-text hover:underline"
                >
                  {t("admin.viewInvitations")}
                </Link>
              </div>
            )}
          </CardContent>
        </Card>
        <RecentActivityCard />
        <Card className="lg:col-span-3">
          <CardHeader>
            <CardTitle>{t("dashboard.upcomingEvents")}</CardTitle>
          </CardHeader>
          <CardContent>
            {stats.isLoading ? (
              <Skeleton className="h-16" />
            ) : hasUpcoming && s ? (
              <div className="grid gap-3">
                {events.isLoading ? (
                  <Skeleton className="h-16" />
                ) : upcoming.length > 0 ? (
                  <UpcomingEventList events={upcoming} format={format} now={now} className="lg:grid-cols-3" />
                ) : null}
                <div className="flex flex-col items-start gap-3 rounded-xl bg-muted p-4 sm:flex-row sm:items-center sm:justify-between">
                  <p className="flex items-center gap-2 text-sm font-medium">
                    <CalendarDays className="size-4 text-brand-text" aria-hidden="true" />
                    {t("admin.upcomingCount", { count: s.upcomingEvents })}
                  </p>
                  <Link href="/admin/events" className={buttonClasses({ variant: "outline", size: "sm" })}>
                    {t("admin.manageEvents")}
                  </Link>
                </div>
              </div>
            ) : (
              <EmptyState
                icon={CalendarDays}
                title={t("dashboard.noEvents")}
                description={t("admin.noEventsDescription")}
                className="py-6"
                action={
                  <Button asChild>
                    <Link href="/admin/events">{t("admin.createEvent")}</Link>
                  </Button>
                }
              />
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
