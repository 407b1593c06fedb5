import type { TReadingComplete, TReadingCompleted, TReadingToday } from "@common/reading";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { READING_TODAY_KEY } from "@/lib/query-keys";
import { useAwardRefresh } from "@/lib/use-award-refresh";

/** Today's three readings, this week's grid and the streak, in the church's calendar. */
export function useTodayReadings() {
  return useQuery<TReadingToday>({ queryKey: READING_TODAY_KEY });
}

export function useCompleteReading() {
  const queryClient = useQueryClient();
  const refresh = useAwardRefresh();
  return useMutation({
    mutationFn: (body: TReadingComplete) => apiJson<TReadingCompleted>("POST", "/api/bible-reading/complete", body),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: READING_TODAY_KEY }), refresh()]);
    },
  });
}
