import { CloudOff } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Redirect, Route, Switch, useLocation, useRoute, useSearch } from "wouter";
import { FullPageLoader } from "@/components/full-page-loader";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/features/auth/api";
import { EmailVerificationNotice } from "@/features/auth/components/email-verification-notice";
import { LandingPage } from "@/features/auth/pages/landing-page";
import { LoginPage } from "@/features/auth/pages/login-page";
import { ResetPasswordPage } from "@/features/auth/pages/reset-password-page";
import { ChurchSetupPage } from "@/features/churches/pages/church-setup-page";
import { AcceptInvitationPage } from "@/features/invitations/pages/accept-invitation-page";
import { NotFoundPage } from "@/features/misc/pages/not-found-page";
import { TourProvider } from "@/features/onboarding-tour/components/tour-provider";
import { PublicSermonPage } from "@/features/sermons/pages/sermon-detail-page";
import { setAnalyticsUser } from "@/lib/analytics";
import { handleUnauthorized } from "@/lib/auth-redirect";
import { applyBrandTheme } from "@/lib/brand-theme";
import { CurrentUserProvider, isChurchUser } from "./current-user";
import { isAppRoute } from "./route-table";
import { AppShell } from "./shell/app-shell";
import { ShellRoutes } from "./shell-routes";

// Opened once per account, from an e-mail: loaded only when needed.
const VerifyEmailPage = lazy(() =>
  import("@/features/auth/pages/verify-email-page").then((m) => ({ default: m.VerifyEmailPage })),
);

function VerifyEmailRoute() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <VerifyEmailPage />
    </Suspense>
  );
}

function SignInRedirect() {
  useEffect(() => handleUnauthorized(), []);
  return <FullPageLoader label="Taking you to sign in" />;
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

function LoginRoute() {
  const { user, isLoading } = useAuth();
  const invitation = new URLSearchParams(useSearch()).get("invitation");
  if (isLoading) return <FullPageLoader />;
  if (user) {
    // A signed-in visitor with an invitation for a church they have not joined yet accepts it there.
    const target = invitation && !user.churchId ? `/invite/${encodeURIComponent(invitation)}` : "/";
    return <Redirect to={target} replace />;
  }
  return <LoginPage />;
}

function MainRoutes() {
  const { user, isLoading, isError, refetch } = useAuth();
  const [location] = useLocation();
  const [isSermonPage, sermonParams] = useRoute<{ id: string }>("/sermons/:id");
  if (isLoading) return <FullPageLoader />;
  if (isError) return <ServerUnavailable onRetry={() => refetch()} />;

  if (!user) {
    if (location === "/") return <LandingPage />;
    // Spec 1: a sermon's page is public; it invites the visitor to sign in instead of redirecting.
    if (isSermonPage && sermonParams) return <PublicSermonPage key={sermonParams.id} id={sermonParams.id} />;
    return isAppRoute(location) ? <SignInRedirect /> : <NotFoundPage standalone />;
  }
  if (!isChurchUser(user)) {
    if (location === "/") {
      return (
        <>
          {/* On the setup page's own background and in its column (flex: the margin stays inside). */}
          <div className="bg-brand-soft">
            <div className="mx-auto flex max-w-5xl flex-col px-4 sm:px-6">
              <EmailVerificationNotice user={user} className="mt-4" />
            </div>
          </div>
          <ChurchSetupPage user={user} />
        </>
      );
    }
    return isAppRoute(location) ? <Redirect to="/" replace /> : <NotFoundPage standalone />;
  }
  return (
    <CurrentUserProvider user={user}>
      <TourProvider user={user}>
        <AppShell>
          <ShellRoutes />
        </AppShell>
      </TourProvider>
    </CurrentUserProvider>
  );
}

export function AppRoutes() {
  const { user } = useAuth();
  const brandColor = user?.church?.brandColor;
  useEffect(() => {
    applyBrandTheme(brandColor);
  }, [brandColor]);
  useEffect(() => setAnalyticsUser(user?.id), [user?.id]);

  return (
    <Switch>
      <Route path="/invite/:token" component={AcceptInvitationPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/verify-email" component={VerifyEmailRoute} />
      <Route path="/login" component={LoginRoute} />
      <Route>
        <MainRoutes />
      </Route>
    </Switch>
  );
}
