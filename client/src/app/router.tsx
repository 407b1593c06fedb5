import type { TAuthUser } from "@common/auth";
import { resolveLanguage } from "@common/i18n/locales";
import { isAdminRole } from "@common/roles";
import { CloudOff } from "lucide-react";
import { useEffect } from "react";
import { FullPageLoader } from "@/components/full-page-loader";
import { commonCatalog } from "@/components/i18n";
import { Button } from "@/components/ui/button";
import { setAnalyticsUser } from "@/lib/analytics";
import { handleUnauthorized } from "@/lib/auth-redirect";
import { applyBrandTheme } from "@/lib/brand-theme";
import { isChurchUser, useAuth } from "@/lib/current-user";
import { activateLanguage, browserLanguages, readLocalChoice, useT } from "@/lib/i18n";
import { lazyComponent } from "@/lib/lazy";
import { readStorage, writeStorage } from "@/lib/storage";
import { RouteSwitch, Standalone, standaloneNotFound, useMatchedRoutes } from "./route-switch";
import { preloadRoute, ROUTES, type TAccess } from "./routes";

const routesFor = (...access: TAccess[]) => ROUTES.filter((r) => access.includes(r.access));
const PUBLIC_ROUTES = routesFor("public");
const GUEST_ROUTES = routesFor("guest");

/**
 * The shell and church setup come in their own module, downloaded only for a signed-in visitor. A
 * browser that was signed in last time starts that download at once, beside the session request,
 * instead of after it.
 */
const SIGNED_IN_HINT_KEY = "signed_in";
const SignedInRoutes = lazyComponent(() => import("./signed-in-routes").then((m) => m.SignedInRoutes));
if (readStorage(SIGNED_IN_HINT_KEY) === "true") SignedInRoutes.preload();

function SignInRedirect() {
  const t = useT(commonCatalog);
  useEffect(() => handleUnauthorized(), []);
  return <FullPageLoader label={t("signIn.redirecting")} />;
}

function ServerUnavailable({ onRetry }: { onRetry: () => void }) {
  const t = useT(commonCatalog);
  return (
    <main id="main-content" className="flex min-h-dvh flex-col items-center justify-center gap-3 px-4 text-center">
      <CloudOff className="size-10 text-stone-400" aria-hidden="true" />
      <h1 className="text-xl font-semibold">{t("server.unreachable")}</h1>
      <p className="max-w-sm text-muted-foreground">{t("server.checkConnection")}</p>
      <Button className="mt-2" onClick={onRetry}>
        {t("action.tryAgain")}
      </Button>
    </main>
  );
}

function GuestFallback() {
  const needsSignIn = useMatchedRoutes().some((r) => r.access === "member" || r.access === "admin");
  return needsSignIn ? <SignInRedirect /> : standaloneNotFound;
}

/** Every page that needs to know who is signed in: the landing page, church setup or the shell. */
/** A signed-in visitor's page starts downloading beside the shell's code, not after it. */
function usePreloadSignedInPage(user: TAuthUser | null) {
  const matched = useMatchedRoutes();
  const access: TAccess[] = !user ? [] : isChurchUser(user) ? ["member", "admin"] : ["setup"];
  const key = `${user?.role} ${matched.map((r) => `${r.access} ${r.path}`).join(",")}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what the preload depends on
  useEffect(() => {
    if (!user) return;
    for (const route of matched) if (access.includes(route.access)) preloadRoute(route, isAdminRole(user.role));
  }, [key]);
}

/**
 * While the session request is out, the page this browser most likely gets starts downloading beside
 * it instead of after it: the guest page (the landing page) when it was not signed in last time, a
 * member page when it was (never one an admin sees differently, whose code is only an admin's).
 * Lighthouse counted the wait as one more step in the landing page's chain (bench/lighthouse.ts).
 */
function usePreloadLikelyPage(isLoading: boolean) {
  const matched = useMatchedRoutes();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the address the visit starts at
  useEffect(() => {
    if (!isLoading) return;
    const wasSignedIn = readStorage(SIGNED_IN_HINT_KEY) === "true";
    for (const route of matched) {
      const isLikely = wasSignedIn ? route.access === "member" && !route.adminElement : route.access === "guest";
      if (isLikely) preloadRoute(route, false);
    }
  }, []);
}

function SessionRoutes() {
  const { user, isLoading, isError, refetch } = useAuth();
  usePreloadLikelyPage(isLoading);
  usePreloadSignedInPage(user);
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
  return (
    <Standalone>
      <SignedInRoutes user={user} />
    </Standalone>
  );
}

export function AppRoutes() {
  const { user, isLoading, isError } = useAuth();
  const isSignedIn = !!user;
  const brandColor = user?.church?.brandColor;
  useEffect(() => {
    applyBrandTheme(brandColor);
  }, [brandColor]);
  useEffect(() => setAnalyticsUser(user?.id), [user?.id]);
  // The member's language, else their church's, else the browser's; a visitor's pick, else the browser's.
  const language = user
    ? resolveLanguage(user.language, user.church?.defaultLanguage, browserLanguages())
    : isLoading
      ? null
      : resolveLanguage(readLocalChoice(), null, browserLanguages());
  useEffect(() => {
    if (language) void activateLanguage(language);
  }, [language]);
  useEffect(() => {
    if (!isLoading && !isError) writeStorage(SIGNED_IN_HINT_KEY, String(isSignedIn));
  }, [isLoading, isError, isSignedIn]);

  // Public pages (links from e-mails) do not wait for the session.
  return (
    <RouteSwitch
      routes={PUBLIC_ROUTES}
      render={(route) => <Standalone>{route.element}</Standalone>}
      fallback={<SessionRoutes />}
    />
  );
}
