/**
 * Screens of the spec 2 route table that later issues build. Until then each shows the shared
 * "Coming soon" page inside the shell; `admin` screens are gated like the other admin screens.
 */
export const COMING_SOON_ROUTES: Array<{ path: string; title: string; admin?: boolean }> = [
  { path: "/live", title: "Live Stream" },
  { path: "/prayer-requests", title: "Prayer Requests" },
  { path: "/prayer-partners", title: "Prayer Partners" },
  { path: "/kudos", title: "Member Recognition" },
  { path: "/growth", title: "Growth Journey" },
  { path: "/onboarding", title: "Onboarding Journey" },
  { path: "/profile", title: "Profile" },
  { path: "/mobile-settings", title: "Mobile App Settings" },
  { path: "/admin/growth", title: "Growth Settings & Analytics", admin: true },
  { path: "/admin/integrations", title: "Integrations", admin: true },
  { path: "/admin/live-stream", title: "Live Stream Management", admin: true },
];

/** Screens built in this release. */
export const BUILT_APP_ROUTES = [
  "/",
  "/sermons",
  "/sermons/:id",
  "/events",
  "/admin/sermons",
  "/admin/events",
  "/admin",
  "/admin/dashboard",
  "/admin/members",
  "/admin/invitations",
  "/admin/settings",
];

const APP_ROUTE_PATTERNS = [...BUILT_APP_ROUTES, ...COMING_SOON_ROUTES.map((r) => r.path)].map(
  (p) => new RegExp(`^${p.replace(/:[^/]+/g, "[^/]+")}/?$`),
);

/** Is this a signed-in screen of the route table (as opposed to an unknown address)? */
export function isAppRoute(path: string): boolean {
  return APP_ROUTE_PATTERNS.some((re) => re.test(path));
}
