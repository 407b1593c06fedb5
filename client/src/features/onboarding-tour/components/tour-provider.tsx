import { isAdminRole } from "@common/roles";
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useState } from "react";
import { trackEvent } from "@/lib/analytics";
import type { TChurchUser } from "@/lib/current-user";
import {
  isOnboardingTourDone,
  isWelcomeTourDone,
  markOnboardingTourDone,
  markWelcomeTourDone,
  ONBOARDING_TOUR_DELAY_MS,
  WELCOME_TOUR_DELAY_MS,
} from "../tour-storage";

// Most visits show no tour: their code (and the dialog's) downloads when one is about to open.
const WelcomeTour = lazy(() => import("./welcome-tour").then((m) => ({ default: m.WelcomeTour })));
const OnboardingTour = lazy(() => import("./onboarding-tour").then((m) => ({ default: m.OnboardingTour })));

type TActiveTour = "welcome" | "onboarding" | null;

const TourContext = createContext<{ restartTour: () => void }>({ restartTour: () => undefined });

export function useTour() {
  return useContext(TourContext);
}

/**
 * Shows at most one tour at a time: admins first get the welcome tour (once), then the onboarding
 * tour if it was never completed or skipped. Both appear 1 s after the shell loads.
 */
export function TourProvider({ user, children }: { user: TChurchUser; children: ReactNode }) {
  const [active, setActive] = useState<TActiveTour>(null);
  const [runId, setRunId] = useState(0);
  // A tour stays drawn once shown, so that it can close with its animation.
  const [shown, setShown] = useState<TActiveTour[]>([]);
  if (active && !shown.includes(active)) setShown([...shown, active]);
  const isAdmin = isAdminRole(user.role);

  useEffect(() => {
    const wantsWelcome = isAdmin && !isWelcomeTourDone(user.id);
    const wantsOnboarding = !isOnboardingTourDone(user.id);
    if (!wantsWelcome && !wantsOnboarding) return;
    const timer = setTimeout(
      () => setActive(wantsWelcome ? "welcome" : "onboarding"),
      wantsWelcome ? WELCOME_TOUR_DELAY_MS : ONBOARDING_TOUR_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [user.id, isAdmin]);

  const closeWelcome = useCallback(() => {
    markWelcomeTourDone(user.id);
    trackEvent("welcome_tour_dismissed");
    setActive(isOnboardingTourDone(user.id) ? null : "onboarding");
  }, [user.id]);

  const finishOnboarding = useCallback(
    (outcome: "completed" | "skipped", step: number) => {
      markOnboardingTourDone(user.id);
      trackEvent(outcome === "completed" ? "onboarding_completed" : "onboarding_skipped", { step });
      setActive(null);
    },
    [user.id],
  );

  const restartTour = useCallback(() => {
    trackEvent("onboarding_restarted");
    setRunId((n) => n + 1);
    setActive("onboarding");
  }, []);

  return (
    <TourContext.Provider value={{ restartTour }}>
      {children}
      <Suspense fallback={null}>
        {shown.includes("welcome") && <WelcomeTour user={user} open={active === "welcome"} onClose={closeWelcome} />}
        {shown.includes("onboarding") && (
          <OnboardingTour
            key={runId}
            user={user}
            open={active === "onboarding"}
            onComplete={(step) => finishOnboarding("completed", step)}
            onSkip={(step) => finishOnboarding("skipped", step)}
          />
        )}
      </Suspense>
    </TourContext.Provider>
  );
}
