import { isAdminRole } from "@common/roles";
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useState } from "react";
import { trackEvent } from "@/lib/analytics";
import type { TChurchUser } from "@/lib/current-user";
import { isTourDone, useMarkTourDone } from "@/lib/tours";

/** Spec 1 screen 4 and state 4: the tour shows about 1 s after load, unless completed. */
export const ONBOARDING_TOUR_DELAY_MS = 1000;

// Most visits show no tour: its code (and the dialog's) downloads when it is about to open.
const OnboardingTour = lazy(() => import("./onboarding-tour").then((m) => ({ default: m.OnboardingTour })));

const TourContext = createContext<{ restartTour: () => void }>({ restartTour: () => undefined });

export function useTour() {
  return useContext(TourContext);
}

/**
 * The member's onboarding tour (spec 1), at most once per person: finished or skipped, it is kept
 * on the server ("welcome" in the user's `toursDone`), so another phone does not show it again.
 * A church's leaders get no dialog on arrival: their one welcome is the first-steps card on the
 * admin dashboard (issue 24). Anyone can restart the tour from the menu.
 */
export function TourProvider({ user, children }: { user: TChurchUser; children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  // Drawn from the first opening on, so that it can close with its animation.
  const [isDrawn, setIsDrawn] = useState(false);
  if (isOpen && !isDrawn) setIsDrawn(true);
  const [runId, setRunId] = useState(0);
  const markTourDone = useMarkTourDone();
  const isAdmin = isAdminRole(user.role);

  // Decided once per person and visit: closing the tour must not bring it back when the answer updates.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the person, read at arrival
  useEffect(() => {
    if (isAdmin || isTourDone(user, "welcome")) return;
    const timer = setTimeout(() => setIsOpen(true), ONBOARDING_TOUR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [user.id, isAdmin]);

  const finish = useCallback(
    (outcome: "completed" | "skipped", step: number) => {
      setIsOpen(false);
      trackEvent(outcome === "completed" ? "onboarding_completed" : "onboarding_skipped", { step });
      void markTourDone("welcome");
    },
    [markTourDone],
  );

  const restartTour = useCallback(() => {
    trackEvent("onboarding_restarted");
    setRunId((n) => n + 1);
    setIsOpen(true);
  }, []);

  return (
    <TourContext.Provider value={{ restartTour }}>
      {children}
      {isDrawn && (
        <Suspense fallback={null}>
          <OnboardingTour
            key={runId}
            user={user}
            open={isOpen}
            onComplete={(step) => finish("completed", step)}
            onSkip={(step) => finish("skipped", step)}
          />
        </Suspense>
      )}
    </TourContext.Provider>
  );
}
