import type { TActionStep, TActionStepBody, TActionStepComplete, TActionStepSummary } from "@common/action-steps";
import type { TAuthUser } from "@common/auth";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiJson, getStatus } from "@/lib/api-client";
import { ACTION_STEP_KEY, AUTH_USER_KEY, USER_BADGES_KEY, USER_STATS_KEY } from "@/lib/query-keys";

/** The admin's list of past and scheduled steps (Growth settings). */
export const ACTION_STEP_LIST_KEY = ["/api/weekly-action-steps"] as const;
/** How many weeks the Growth settings page lists. */
export const ACTION_STEP_HISTORY_LIMIT = 12;

/** This week's step for the member's church, with their own completion; null when none is set. */
export function useActionStep() {
  return useQuery<TActionStep | null>({ queryKey: ACTION_STEP_KEY });
}

/** Past and scheduled steps, newest week first, with completions (admins only). */
export function useActionStepHistory(limit = ACTION_STEP_HISTORY_LIMIT) {
  return useQuery<TActionStepSummary[]>({
    queryKey: [...ACTION_STEP_LIST_KEY, limit],
    queryFn: ({ signal }) => apiGet(`/api/weekly-action-steps?limit=${limit}`, signal).then((r) => r.json()),
  });
}

/** `POST /api/weekly-action-step`: sets (or replaces) the step of a week. */
export function useSaveActionStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TActionStepBody) => apiJson<TActionStep>("POST", "/api/weekly-action-step", body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ACTION_STEP_KEY }),
        queryClient.invalidateQueries({ queryKey: ACTION_STEP_LIST_KEY }),
      ]),
  });
}

/**
 * `POST /api/weekly-action-step/{id}/complete`. The new total shows in the top bar at once; the
 * statistics, badges and lists then refresh. Spec 1 section 5: without a step it fails with
 * 'No action step available'.
 */
export function useCompleteActionStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: Pick<TActionStep, "id"> | null | undefined) => {
      if (!step) throw new Error("No action step available");
      return apiJson<TActionStepComplete>("POST", `/api/weekly-action-step/${encodeURIComponent(step.id)}/complete`);
    },
    onSuccess: (result, step) => {
      queryClient.setQueryData<TActionStep | null>(ACTION_STEP_KEY, (s) =>
        s && s.id === step?.id ? { ...s, isCompleted: true } : s,
      );
      queryClient.setQueryData<TAuthUser | null>(AUTH_USER_KEY, (u) => (u ? { ...u, points: result.total } : u));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_STATS_KEY }),
        queryClient.invalidateQueries({ queryKey: USER_BADGES_KEY }),
        queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
        queryClient.invalidateQueries({ queryKey: ACTION_STEP_LIST_KEY }),
      ]);
    },
    onError: (error) => {
      // The week turned or the step changed: show what is current now.
      if (getStatus(error) === 409 || getStatus(error) === 404)
        return queryClient.invalidateQueries({ queryKey: ACTION_STEP_KEY });
    },
  });
}
