import type { TAuthUser } from "@common/auth";
import type { TTourName } from "@common/tours";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiJson } from "./api-client";
import { AUTH_USER_KEY } from "./query-keys";

/** Whether the signed-in person finished `tour`, on any device (the server keeps it: issue 24). */
export function isTourDone(user: Pick<TAuthUser, "toursDone">, tour: TTourName): boolean {
  return (user.toursDone ?? []).includes(tour);
}

/**
 * Marks a tour finished (or, with `done: false`, to show again): at once on screen (the signed-in
 * user's cached answer), then on the server with `PUT /api/user/tour`. If the request fails the
 * tour stays closed for this visit and shows again on the next one.
 */
export function useMarkTourDone() {
  const queryClient = useQueryClient();
  return useCallback(
    async (tour: TTourName, done = true) => {
      const apply = (list: string[]) => (done ? [...new Set([...list, tour])] : list.filter((t) => t !== tour));
      queryClient.setQueryData<TAuthUser | null>(AUTH_USER_KEY, (old) =>
        old ? { ...old, toursDone: apply(old.toursDone ?? []) } : old,
      );
      try {
        await apiJson("PUT", "/api/user/tour", { tour, done });
      } catch {
        // Kept closed for this visit; the server did not store it, so a later visit asks again.
      }
    },
    [queryClient],
  );
}
