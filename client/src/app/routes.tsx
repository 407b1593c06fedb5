import {
  Award,
  BarChart3,
  BookOpen,
  BookUser,
  CalendarCog,
  CalendarDays,
  Church,
  Compass,
  Handshake,
  HeartHandshake,
  Home,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Megaphone,
  Plug,
  Radio,
  ScrollText,
  Settings,
  Sprout,
  Trophy,
  Users,
  UsersRound,
  Video,
} from "lucide-react";
import { type ComponentType, isValidElement, type ReactNode } from "react";
import { matchRoute, type Parser, useParams } from "wouter";
import { useAuth } from "@/lib/current-user";
import { lazyComponent } from "@/lib/lazy";
import type { TShellKey } from "./i18n";

/** The member dashboard for everyone, admins too (whose `/` is the admin dashboard). */
export const MEMBER_DASHBOARD_PATH = "/my-dashboard";

/**
 * Who may see a page, and so where it is drawn:
 * - `public`: everyone, signed in or not, without waiting for the session (links from e-mails);
 * - `guest`: signed-out visitors; a signed-in visitor is sent home instead;
 * - `setup`: a signed-in user who has no church yet;
 * - `member`: everyone in a church, inside the shell (sidebar, top bar);
 * - `admin`: ADMIN and SUPER_ADMIN inside the shell; anyone else gets Access Denied, and the page's
 *   code is never downloaded for them.
 */
export type TAccess = "public" | "guest" | "setup" | "member" | "admin";

export type TNavItem = {
  /** The label's key in the `shell` catalogue (a type-only import: this table is in every page's first load). */
  label: TShellKey;
  href: string;
  icon: LucideIcon;
  /** Paths that activate the item exactly; without it the item also matches its sub-paths. */
  exact?: string[];
};

export type TRoute = {
  /** A wouter pattern (`/sermons/:id`). */
  path: string;
  access: TAccess;
  /** The page: a lazily loaded component, so each page is its own chunk. */
  element: ReactNode;
  /** What an admin sees at this address instead (the admin dashboard at `/`). */
  adminElement?: ReactNode;
  /** The page's link in the sidebar, the drawer and the search box; admin pages list under Administration. */
  nav?: Omit<TNavItem, "href">;
};

/** A page's module is downloaded the first time the page is drawn (or `preloadRoute` asks for it). */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazyComponent(load);
}

const AcceptInvitationPage = lazyPage(() =>
  import("@/features/invitations/pages/accept-invitation-page").then((m) => m.AcceptInvitationPage),
);
const ResetPasswordPage = lazyPage(() =>
  import("@/features/auth/pages/reset-password-page").then((m) => m.ResetPasswordPage),
);
const VerifyEmailPage = lazyPage(() =>
  import("@/features/auth/pages/verify-email-page").then((m) => m.VerifyEmailPage),
);
const LandingPage = lazyPage(() => import("@/features/auth/pages/landing-page").then((m) => m.LandingPage));
const LoginPage = lazyPage(() => import("@/features/auth/pages/login-page").then((m) => m.LoginPage));
const PublicSermonPage = lazyPage(() =>
  import("@/features/sermons/pages/sermon-detail-page").then((m) => m.PublicSermonPage),
);
const SermonDetailPage = lazyPage(() =>
  import("@/features/sermons/pages/sermon-detail-page").then((m) => m.SermonDetailPage),
);
const PublicChurchPage = lazyPage(() =>
  import("@/features/churches/pages/public-church-page").then((m) => m.PublicChurchPage),
);
const ChurchPage = lazyPage(() => import("@/features/churches/pages/church-page").then((m) => m.ChurchPage));
const ChurchSetupPage = lazyPage(() =>
  import("@/features/churches/pages/church-setup-page").then((m) => m.ChurchSetupPage),
);
const MemberDashboardPage = lazyPage(() => import("./pages/member-dashboard-page").then((m) => m.MemberDashboardPage));
const AdminDashboardPage = lazyPage(() => import("./pages/admin-dashboard-page").then((m) => m.AdminDashboardPage));
const SermonArchivePage = lazyPage(() =>
  import("@/features/sermons/pages/sermon-archive-page").then((m) => m.SermonArchivePage),
);
const SermonSeriesPage = lazyPage(() =>
  import("@/features/sermons/pages/sermon-series-page").then((m) => m.SermonSeriesPage),
);
const EventsPage = lazyPage(() => import("@/features/events/pages/events-page").then((m) => m.EventsPage));
const EventPage = lazyPage(() => import("@/features/events/pages/event-page").then((m) => m.EventPage));
const GroupsPage = lazyPage(() => import("@/features/groups/pages/groups-page").then((m) => m.GroupsPage));
// The group page with its Thread, Prayer and Meetings tabs (issue 27).
const GroupPage = lazyPage(() => import("@/features/groups/components/group-life-tabs").then((m) => m.GroupLifePage));
const DirectoryPage = lazyPage(() => import("@/features/directory/pages/directory-page").then((m) => m.DirectoryPage));
const ManageSermonsPage = lazyPage(() =>
  import("./pages/manage-sermons-with-feed").then((m) => m.ManageSermonsWithFeedPage),
);
const ManageEventsPage = lazyPage(() =>
  import("./pages/manage-events-with-feed").then((m) => m.ManageEventsWithFeedPage),
);
const MembersPage = lazyPage(() => import("@/features/members/pages/members-page").then((m) => m.MembersPage));
const InvitationsPage = lazyPage(() =>
  import("@/features/invitations/pages/invitations-page").then((m) => m.InvitationsPage),
);
const AuditLogPage = lazyPage(() => import("@/features/audit/pages/audit-log-page").then((m) => m.AuditLogPage));
const ChurchSettingsPage = lazyPage(() =>
  import("@/features/settings/pages/church-settings-page").then((m) => m.ChurchSettingsPage),
);
const GrowthPage = lazyPage(() => import("./pages/growth-page").then((m) => m.GrowthPage));
const OnboardingPage = lazyPage(() =>
  import("@/features/onboarding/pages/onboarding-page").then((m) => m.OnboardingPage),
);
const ProfilePage = lazyPage(() => import("@/features/profile/pages/profile-page").then((m) => m.ProfilePage));
// `/privacy` and `/invite/{token}/privacy`: one page module, one entry in this (first-load) table.
const PrivacyRoute = lazyPage(() => import("@/features/privacy/pages/privacy-page").then((m) => m.PrivacyRoute));
const GrowthSettingsPage = lazyPage(() =>
  import("./pages/growth-settings-with-analytics").then((m) => m.GrowthSettingsWithAnalytics),
);
const GrowthAnalyticsPage = lazyPage(() =>
  import("@/features/analytics/pages/growth-analytics-page").then((m) => m.GrowthAnalyticsPage),
);
const LivePage = lazyPage(() => import("@/features/live/pages/live-page").then((m) => m.LivePage));
const ManageLiveStreamPage = lazyPage(() =>
  import("@/features/live/pages/manage-live-stream-page").then((m) => m.ManageLiveStreamPage),
);
const PrayerRequestsPage = lazyPage(() =>
  import("@/features/prayer/pages/prayer-requests-page").then((m) => m.PrayerRequestsPage),
);
const PrayerPartnersPage = lazyPage(() =>
  import("@/features/prayer/pages/prayer-partners-page").then((m) => m.PrayerPartnersPage),
);
const PrayerPartnersSignedOutPage = lazyPage(() =>
  import("@/features/prayer/pages/prayer-partners-signed-out-page").then((m) => m.PrayerPartnersSignedOutPage),
);
// Issue 29: announcements: the member's list and page and a group leader's composer (one entry), the admins' list.
const AnnouncementsRoute = lazyPage(() =>
  import("@/features/announcements/pages/announcement-routes").then((m) => m.AnnouncementsRoute),
);
const AdminAnnouncementsPage = lazyPage(() =>
  import("@/features/announcements/pages/admin-announcements-page").then((m) => m.AdminAnnouncementsPage),
);
const KudosPage = lazyPage(() => import("@/features/kudos/pages/kudos-page").then((m) => m.KudosPage));
const AdminKudosPage = lazyPage(() => import("@/features/kudos/pages/admin-kudos-page").then((m) => m.AdminKudosPage));
const NotificationsPage = lazyPage(() =>
  import("@/features/notifications/pages/notifications-page").then((m) => m.NotificationsPage),
);
// Issue 29: how each kind of notification reaches the member.
const NotificationChannelsPage = lazyPage(() =>
  import("@/features/notifications/pages/notification-channels-page").then((m) => m.NotificationChannelsPage),
);
const MobileSettingsPage = lazyPage(() =>
  import("@/features/mobile/pages/mobile-settings-page").then((m) => m.MobileSettingsPage),
);
const IntegrationsPage = lazyPage(() =>
  import("@/features/integrations/pages/integrations-page").then((m) => m.IntegrationsPage),
);
const MemberImportPage = lazyPage(() =>
  import("@/features/member-import/pages/member-import-page").then((m) => m.MemberImportPage),
);
// Issue 29: an e-mail's one-click unsubscribe, signed in or not.
const UnsubscribePage = lazyPage(() =>
  import("@/features/unsubscribe/pages/unsubscribe-page").then((m) => m.UnsubscribePage),
);
/** The unknown-address page, inside the shell or on its own. */
export const NotFoundPage = lazyPage(() => import("./pages/not-found-page").then((m) => m.NotFoundPage));

/** A sermon's page takes the `:id` of its address; another id is another page (no state carried over). */
function SermonRoute({ isPublic }: { isPublic?: boolean }) {
  const { id = "" } = useParams<{ id: string }>();
  return isPublic ? <PublicSermonPage key={id} id={id} /> : <SermonDetailPage key={id} id={id} />;
}

/** A series page takes the series' name from its address (issue 24); `%2F` and the like decoded once. */
function SermonSeriesRoute() {
  const { name = "" } = useParams<{ name: string }>();
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // A lone "%" in a name the router already decoded: the name as it is.
  }
  return <SermonSeriesPage key={decoded} name={decoded} />;
}

/** An event's page takes the `:id` of its address (issue 24); another id is another page. */
function EventRoute() {
  const { id = "" } = useParams<{ id: string }>();
  return <EventPage key={id} id={id} />;
}

/** A group's page takes the `:id` of its address (issue 27); another id is another page. */
function GroupRoute() {
  const { id = "" } = useParams<{ id: string }>();
  return <GroupPage key={id} id={id} />;
}

/** A church's public page takes the `:slug` of its address; an unpublished one is the not-found page. */
function PublicChurchRoute() {
  const { slug = "" } = useParams<{ slug: string }>();
  return <PublicChurchPage key={slug} slug={slug} notFound={<NotFoundPage standalone />} />;
}

function ChurchSetupRoute() {
  const { user } = useAuth();
  return user && <ChurchSetupPage user={user} />;
}

/**
 * Every page of the app (spec 2 route table). The router, the sidebar, the drawer, the search box
 * and the access checks all read this list; nav items appear in its order.
 */
export const ROUTES: TRoute[] = [
  { path: "/invite/:token", access: "public", element: <AcceptInvitationPage /> },
  { path: "/invite/:token/privacy", access: "public", element: <PrivacyRoute /> },
  // Issue 24: a church's page for visitors, signed in or out; 404 until the church publishes it.
  { path: "/c/:slug", access: "public", element: <PublicChurchRoute /> },
  { path: "/reset-password", access: "public", element: <ResetPasswordPage /> },
  { path: "/verify-email", access: "public", element: <VerifyEmailPage /> },
  { path: "/unsubscribe", access: "public", element: <UnsubscribePage /> },
  { path: "/", access: "guest", element: <LandingPage /> },
  { path: "/login", access: "guest", element: <LoginPage /> },
  // Spec 1: a sermon's page is public; it invites the visitor to sign in instead of redirecting.
  { path: "/sermons/:id", access: "guest", element: <SermonRoute isPublic /> },
  // Spec 1: prayer partners does not redirect either; it invites the visitor to sign in.
  { path: "/prayer-partners", access: "guest", element: <PrayerPartnersSignedOutPage /> },
  { path: "/", access: "setup", element: <ChurchSetupRoute /> },
  {
    path: "/",
    access: "member",
    element: <MemberDashboardPage />,
    adminElement: <AdminDashboardPage />,
    nav: { label: "nav.dashboard", icon: Home, exact: ["/"] },
  },
  // An admin's member view (issue 24): their `/` is the admin dashboard; the nav's "My Dashboard" opens this.
  // (A literal: scripts/check-bundle-budget.mjs reads the paths from this file; MEMBER_DASHBOARD_PATH is the same.)
  { path: "/my-dashboard", access: "member", element: <MemberDashboardPage /> },
  { path: "/sermons", access: "member", element: <SermonArchivePage />, nav: { label: "nav.sermons", icon: BookOpen } },
  { path: "/sermons/:id", access: "member", element: <SermonRoute /> },
  { path: "/sermons/series/:name", access: "member", element: <SermonSeriesRoute /> },
  { path: "/events", access: "member", element: <EventsPage />, nav: { label: "nav.events", icon: CalendarDays } },
  { path: "/events/:id", access: "member", element: <EventRoute /> },
  // Issue 27: small groups.
  { path: "/groups", access: "member", element: <GroupsPage />, nav: { label: "nav.groups", icon: UsersRound } },
  { path: "/groups/:id", access: "member", element: <GroupRoute /> },
  { path: "/groups/:id/announce", access: "member", element: <AnnouncementsRoute /> },
  // Issue 29: the announcements sent to the member.
  {
    path: "/announcements",
    access: "member",
    element: <AnnouncementsRoute />,
    nav: { label: "nav.announcements", icon: Megaphone },
  },
  { path: "/announcements/:id", access: "member", element: <AnnouncementsRoute /> },
  // Issue 27: the member directory (each person's details as their privacy allows).
  {
    path: "/directory",
    access: "member",
    element: <DirectoryPage />,
    nav: { label: "nav.directory", icon: BookUser },
  },
  {
    path: "/live",
    access: "member",
    element: <LivePage />,
    nav: { label: "nav.live", icon: Radio },
  },
  {
    path: "/prayer-requests",
    access: "member",
    element: <PrayerRequestsPage />,
    nav: { label: "nav.prayerRequests", icon: HeartHandshake },
  },
  {
    path: "/prayer-partners",
    access: "member",
    element: <PrayerPartnersPage />,
    nav: { label: "nav.prayerChain", icon: Handshake },
  },
  {
    path: "/kudos",
    access: "member",
    element: <KudosPage />,
    nav: { label: "nav.kudos", icon: Trophy },
  },
  {
    path: "/growth",
    access: "member",
    element: <GrowthPage />,
    nav: { label: "nav.growth", icon: Sprout },
  },
  {
    path: "/onboarding",
    access: "member",
    element: <OnboardingPage />,
    nav: { label: "nav.onboarding", icon: Compass },
  },
  // Issue 24 item 7: the contact details Church Settings says are shown to members.
  { path: "/church", access: "member", element: <ChurchPage />, nav: { label: "nav.church", icon: Church } },
  { path: "/profile", access: "member", element: <ProfilePage /> },
  { path: "/privacy", access: "member", element: <PrivacyRoute /> },
  { path: "/mobile-settings", access: "member", element: <MobileSettingsPage /> },
  { path: "/notifications", access: "member", element: <NotificationsPage /> },
  { path: "/notifications/settings", access: "member", element: <NotificationChannelsPage /> },
  {
    path: "/admin",
    access: "admin",
    element: <AdminDashboardPage />,
    nav: { label: "nav.adminHome", icon: LayoutDashboard, exact: ["/admin", "/admin/dashboard"] },
  },
  { path: "/admin/dashboard", access: "admin", element: <AdminDashboardPage /> },
  {
    path: "/admin/sermons",
    access: "admin",
    element: <ManageSermonsPage />,
    nav: { label: "nav.manageSermons", icon: Video },
  },
  {
    path: "/admin/events",
    access: "admin",
    element: <ManageEventsPage />,
    nav: { label: "nav.manageEvents", icon: CalendarCog },
  },
  {
    path: "/admin/announcements",
    access: "admin",
    element: <AdminAnnouncementsPage />,
    nav: { label: "nav.manageAnnouncements", icon: Megaphone },
  },
  {
    path: "/admin/members",
    access: "admin",
    element: <MembersPage />,
    nav: { label: "nav.manageMembers", icon: Users },
  },
  { path: "/admin/members/import", access: "admin", element: <MemberImportPage /> },
  {
    path: "/admin/invitations",
    access: "admin",
    element: <InvitationsPage />,
    nav: { label: "nav.invitations", icon: Mail },
  },
  {
    path: "/admin/kudos",
    access: "admin",
    element: <AdminKudosPage />,
    nav: { label: "nav.kudosApprovals", icon: Award },
  },
  {
    path: "/admin/integrations",
    access: "admin",
    element: <IntegrationsPage />,
    nav: { label: "nav.integrations", icon: Plug },
  },
  {
    path: "/admin/growth",
    access: "admin",
    element: <GrowthSettingsPage />,
    nav: { label: "nav.growthAnalytics", icon: BarChart3 },
  },
  { path: "/admin/analytics", access: "admin", element: <GrowthAnalyticsPage /> },
  {
    path: "/admin/settings",
    access: "admin",
    element: <ChurchSettingsPage />,
    nav: { label: "nav.churchSettings", icon: Settings },
  },
  {
    path: "/admin/audit",
    access: "admin",
    element: <AuditLogPage />,
    nav: { label: "nav.auditLog", icon: ScrollText },
  },
  { path: "/admin/live-stream", access: "admin", element: <ManageLiveStreamPage /> },
];

const navOf = (access: TAccess): TNavItem[] =>
  ROUTES.flatMap((r) => (r.access === access && r.nav ? [{ ...r.nav, href: r.path }] : []));

/** Spec 2 Shell layout: member links. */
export const MEMBER_NAV = navOf("member");
/** Spec 2 Shell layout: the Administration section (ADMIN and SUPER_ADMIN only). */
export const ADMIN_NAV = navOf("admin");

/**
 * Starts downloading the page this visitor will see at `route`, before the shell around it is
 * drawn; never an admin page's code for someone who is not an admin.
 */
export function preloadRoute(route: TRoute, isAdmin: boolean): void {
  if (route.access === "admin" && !isAdmin) return;
  const element = isAdmin && route.adminElement ? route.adminElement : route.element;
  const type = isValidElement(element) ? (element.type as { preload?: () => void }) : null;
  type?.preload?.();
}

/** The routes whose address matches `path`, whoever they are for (with wouter's own matcher). */
export function matchRoutes(parser: Parser, path: string): TRoute[] {
  return ROUTES.filter((r) => matchRoute(parser, r.path, path)[0]);
}
