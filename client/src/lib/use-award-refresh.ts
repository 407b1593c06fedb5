import { useQueryClient } from "@tanstack/react-query";
import { AUTH_USER_KEY, ONBOARDING_PROGRESS_KEY, USER_BADGES_KEY, USER_STATS_KEY } from "./query-keys";

/**
 * After anything that may pay points or grant a badge: the top bar's points, the statistics, the
 * badges and the onboarding journey's progress are fetched again from the server (which decided them).
 */
export function useAwardRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [AUTH_USER_KEY, USER_STATS_KEY, USER_BADGES_KEY, ONBOARDING_PROGRESS_KEY].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
}
