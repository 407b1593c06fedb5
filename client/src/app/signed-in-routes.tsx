import type { TAuthUser } from "@common/auth";
import { isAdminRole } from "@common/roles";
import { Redirect, useLocation, useSearch } from "wouter";
import { AccessDenied } from "@/components/access-denied";
import { PageBoundary } from "@/components/page-boundary";
import { PageSkeleton } from "@/components/page-skeleton";
import { EmailVerificationNotice } from "@/features/auth/components/email-verification-notice";
import { TourProvider } from "@/features/onboarding-tour/components/tour-provider";
import { CurrentUserProvider, isChurchUser, type TChurchUser, useCurrentUser } from "@/lib/current-user";
import { RouteSwitch, Standalone, standaloneNotFound, useMatchedRoutes } from "./route-switch";
import { NotFoundPage, ROUTES, type TRoute } from "./routes";
import { AppShell } from "./shell/app-shell";

/*
 * Everything a signed-in visitor needs around their pages (the shell, the tours, church setup) comes
 * in this module, which router.tsx loads only once the session says someone is signed in: the
 * signed-out landing page and sign-in never download it.
 */

const SETUP_ROUTES = ROUTES.filter((r) => r.access === "setup");
const SHELL_ROUTES = ROUTES.filter((r) => r.access === "member" || r.access === "admin");

/** A signed-in visitor on a signed-out page goes home, or to the invitation they came to accept. */
function HomeRedirect({ user }: { user: TAuthUser }) {
  const invitation = new URLSearchParams(useSearch()).get("invitation");
  const target = invitation && !user.churchId ? `/invite/${encodeURIComponent(invitation)}` : "/";
  return <Redirect to={target} replace />;
}

/** An address that is not this signed-in visitor's: home if it is someone else's page, else 404. */
function SignedInFallback({ user, inShell }: { user: TAuthUser; inShell: boolean }) {
  const matched = useMatchedRoutes();
  if (matched.some((r) => r.access === "guest")) return <HomeRedirect user={user} />;
  if (matched.length > 0) return <Redirect to="/" replace />;
  return inShell && user.church ? <NotFoundPage church={user.church} /> : standaloneNotFound;
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

/** A signed-in visitor's pages: church setup until they belong to a church, then the shell. */
export function SignedInRoutes({ user }: { user: TAuthUser }) {
  return isChurchUser(user) ? <ShellRoutes user={user} /> : <SetupRoutes user={user} />;
}
