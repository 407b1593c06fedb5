import type {
  TCompleteStepResult,
  TGamificationBadge,
  TOnboardingProgress,
  TOnboardingStep,
  TOnboardingStepId,
} from "@common/onboarding";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { AUTH_USER_KEY, ONBOARDING_PROGRESS_KEY, USER_BADGES_KEY, USER_STATS_KEY } from "@/lib/query-keys";

export const ONBOARDING_STEPS_KEY = ["/api/onboarding/steps"] as const;
export const GAMIFICATION_POINTS_KEY = ["/api/gamification/points"] as const;
export const GAMIFICATION_BADGES_KEY = ["/api/gamification/badges"] as const;

/** The eight steps' words, points and badges: the same for everyone, loaded once. */
export function useOnboardingSteps() {
  return useQuery<TOnboardingStep[]>({ queryKey: ONBOARDING_STEPS_KEY });
}

/**
 * The member's progress. Read afresh on each visit: a sermon watched or a reading done elsewhere
 * completes a step on the server.
 */
export function useOnboardingProgress() {
  return useQuery<TOnboardingProgress>({ queryKey: ONBOARDING_PROGRESS_KEY, refetchOnMount: "always" });
}

/**
 * Points and badges, asked for once progress has answered: reading progress may pay for steps whose
 * real action was done elsewhere, and these should include that.
 */
export function useGamificationPoints(enabled: boolean) {
  return useQuery<{ totalPoints: number }>({ queryKey: GAMIFICATION_POINTS_KEY, enabled, refetchOnMount: "always" });
}

export function useGamificationBadges(enabled: boolean) {
  return useQuery<TGamificationBadge[]>({ queryKey: GAMIFICATION_BADGES_KEY, enabled, refetchOnMount: "always" });
}

/** After points were paid: the top bar, the statistics and every badge list. */
function useRefreshRewards() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [AUTH_USER_KEY, USER_STATS_KEY, USER_BADGES_KEY, GAMIFICATION_POINTS_KEY, GAMIFICATION_BADGES_KEY].map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** Begin Your Journey: `POST /api/onboarding/start {onboardingType: "member"}`. */
export function useStartOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<TOnboardingProgress>("POST", "/api/onboarding/start", { onboardingType: "member" }),
    onSuccess: (progress) => queryClient.setQueryData(ONBOARDING_PROGRESS_KEY, progress),
  });
}

/**
 * Complete Step. The spec's body carries `pointsEarned` and `badgeType`; the server ignores them and
 * pays the step's own.
 */
export function useCompleteStep() {
  const queryClient = useQueryClient();
  const refresh = useRefreshRewards();
  return useMutation({
    mutationFn: (step: Pick<TOnboardingStep, "id" | "points" | "badge"> & { id: TOnboardingStepId }) =>
      apiJson<TCompleteStepResult>("POST", "/api/onboarding/complete-step", {
        stepId: step.id,
        pointsEarned: step.points,
        badgeType: step.badge,
      }),
    onSuccess: async (result) => {
      queryClient.setQueryData(ONBOARDING_PROGRESS_KEY, result.progress);
      await refresh();
    },
  });
}
