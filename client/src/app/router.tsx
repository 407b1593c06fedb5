import type { TAuthUser } from "@common/auth";
import { isAdminRole } from "@common/roles";
import { CloudOff } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Redirect, Route, Switch, useLocation, useRouter, useSearch } from "wouter";
import { AccessDenied } from "@/components/access-denied";
import { FullPageLoader } from "@/components/full-page-loader";
import { PageBoundary } from "@/components/page-boundary";
import { PageSkeleton } from "@/components/page-skeleton";
import { Button } from "@/components/ui/button";
import { EmailVerificationNotice } from "@/features/auth/components/email-verification-notice";
import { TourProvider } from "@/features/onboarding-tour/components/tour-provider";
import { setAnalyticsUser } from "@/lib/analytics";
import { handleUnauthorized } from "@/lib/auth-redirect";
import { applyBrandTheme } from "@/lib/brand-theme";
import { CurrentUserProvider, isChurchUser, type TChurchUser, useAuth, useCurrentUser } from "@/lib/current-user";
import { matchRoutes, NotFoundPage, ROUTES, type TAccess, type TRoute } from "./routes";
import { AppShell } from "./shell/app-shell";

const routesFor = (...access: TAccess[]) => ROUTES.filter((r) => access.includes(r.access));
const PUBLIC_ROUTES = routesFor("public");
const GUEST_ROUTES = routesFor("guest");
const SETUP_ROUTES = routesFor("setup");
const SHELL_ROUTES = routesFor("member", "admin");

function SignInRedirect() {
  useEffect(() => handleUnauthorized(), []);
  return <FullPageLoader label="Taking you to sign in" />;
}

/** A signed-in visitor on a signed-out page goes home, or to the invitation they came to accept. */
function HomeRedirect({ user }: { user: TAuthUser }) {
  const invitation = new URLSearchParams(useSearch()).get("invitation");
  const target = invitation && !user.churchId ? `/invite/${encodeURIComponent(invitation)}` : "/";
  return <Redirect to={target} replace />;
}

function ServerUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <main id="main-content" className="flex min-h-dvh flex-col items-center justify-center gap-3 px-4 text-center">
      <CloudOff className="size-10 text-stone-400" aria-hidden="true" />
      <h1 className="text-xl font-semibold">We can't reach Fellowship right now</h1>
      <p className="max-w-sm text-muted-foreground">Check your connection and try again in a moment.</p>
      <Button className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </main>
  );
}

/** The routes of the table that this visitor may see, then `fallback` for any other address. */
function RouteSwitch({
  routes,
  render,
  fallback,
}: {
  routes: TRoute[];
  render: (route: TRoute) => ReactNode;
  fallback: ReactNode;
}) {
  return (
    <Switch>
      {routes.map((route) => (
        <Route key={`${route.access} ${route.path}`} path={route.path}>
          {render(route)}
        </Route>
      ))}
      <Route>{fallback}</Route>
    </Switch>
  );
}

/** The table's routes that match the current address, for any kind of visitor. */
function useMatchedRoutes(): TRoute[] {
  const [location] = useLocation();
  return matchRoutes(useRouter().parser, location);
}

/** A page drawn on its own (no shell), with a spinner while its code downloads. */
function Standalone({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <PageBoundary fallback={<FullPageLoader />} resetKey={location}>
      {children}
    </PageBoundary>
  );
}

const standaloneNotFound = (
  <Standalone>
    <NotFoundPage standalone />
  </Standalone>
);

function GuestFallback() {
  const needsSignIn = useMatchedRoutes().some((r) => r.access === "member" || r.access === "admin");
  return needsSignIn ? <SignInRedirect /> : standaloneNotFound;
}

/** Signed in, not (yet) in a church: the setup page; the app's pages lead there. */
function SetupRoutes({ user }: { user: TAuthUser }) {
  return (
    <RouteSwitch
      routes={SETUP_ROUTES}
      render={(route) => (
        <Standalone>
          {/* On the setup page's own background and in its column (flex: the margin stays inside). */}
          <div className="bg-brand-soft">
            <div className="mx-auto flex max-w-5xl flex-col px-4 sm:px-6">
              <EmailVerificationNotice user={user} className="mt-4" />
            </div>
          </div>
          {route.element}
        </Standalone>
      )}
      fallback={<SignedInFallback user={user} inShell={false} />}
    />
  );
}

/** An address that is not this signed-in visitor's: home if it is someone else's page, else 404. */
function SignedInFallback({ user, inShell }: { user: TAuthUser; inShell: boolean }) {
  const matched = useMatchedRoutes();
  if (matched.some((r) => r.access === "guest")) return <HomeRedirect user={user} />;
  if (matched.length > 0) return <Redirect to="/" replace />;
  return inShell ? <NotFoundPage /> : standaloneNotFound;
}

/** Inside the shell: admin pages only for admins (the check comes before the page's code downloads). */
function ShellPage({ route }: { route: TRoute }) {
  const user = useCurrentUser();
  const isAdmin = isAdminRole(user.role);
  if (route.access === "admin" && !isAdmin) return <AccessDenied />;
  return isAdmin && route.adminElement ? route.adminElement : route.element;
}

function ShellRoutes({ user }: { user: TChurchUser }) {
  const [location] = useLocation();
  return (
    <CurrentUserProvider user={user}>
      <TourProvider user={user}>
        <AppShell>
          <PageBoundary fallback={<PageSkeleton />} resetKey={location}>
            <RouteSwitch
              routes={SHELL_ROUTES}
              render={(route) => <ShellPage route={route} />}
              fallback={<SignedInFallback user={user} inShell />}
            />
          </PageBoundary>
        </AppShell>
      </TourProvider>
    </CurrentUserProvider>
  );
}

/** Every page that needs to know who is signed in: the landing page, church setup or the shell. */
function SessionRoutes() {
  const { user, isLoading, isError, refetch } = useAuth();
  if (isLoading) return <FullPageLoader />;
  if (isError) return <ServerUnavailable onRetry={() => refetch()} />;
  if (!user) {
    return (
      <RouteSwitch
        routes={GUEST_ROUTES}
        render={(route) => <Standalone>{route.element}</Standalone>}
        fallback={<GuestFallback />}
      />
    );
  }
  if (!isChurchUser(user)) return <SetupRoutes user={user} />;
  return <ShellRoutes user={user} />;
}

export function AppRoutes() {
  const { user } = useAuth();
  const brandColor = user?.church?.brandColor;
  useEffect(() => {
    applyBrandTheme(brandColor);
  }, [brandColor]);
  useEffect(() => setAnalyticsUser(user?.id), [user?.id]);

  // Public pages (links from e-mails) do not wait for the session.
  return (
    <RouteSwitch
      routes={PUBLIC_ROUTES}
      render={(route) => <Standalone>{route.element}</Standalone>}
      fallback={<SessionRoutes />}
    />
  );
}
