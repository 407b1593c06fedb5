import { getEventStatus, type TEvent, type TEventBody } from "@common/events";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api-client";
import { ADMIN_STATS_KEY, USER_STATS_KEY } from "@/lib/query-keys";

export const EVENTS_KEY = ["/api/events"] as const;

/** Spec 1 screen 8: sorted by startTime ascending. */
export function sortEvents(events: TEvent[]): TEvent[] {
  return [...events].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
}

/** The next `count` events that have not started yet. */
export function nextUpcomingEvents(events: TEvent[] | undefined, count: number, now = new Date()): TEvent[] {
  return sortEvents(events ?? [])
    .filter((e) => getEventStatus(e, now) === "Upcoming")
    .slice(0, count);
}

export function useEvents(enabled = true) {
  return useQuery<TEvent[]>({ queryKey: EVENTS_KEY, select: sortEvents, enabled });
}

/** Puts the server's answer for one event into the cached list. */
function useReplaceEvent() {
  const queryClient = useQueryClient();
  return (event: TEvent) => {
    queryClient.setQueryData<TEvent[]>(EVENTS_KEY, (list) => list?.map((e) => (e.id === event.id ? event : e)));
  };
}

export function useRsvp() {
  const replace = useReplaceEvent();
  return useMutation({
    mutationFn: ({ id, going }: { id: string; going: boolean }) =>
      apiJson<TEvent>(going ? "POST" : "DELETE", `/api/events/${encodeURIComponent(id)}/rsvp`),
    onSuccess: replace,
  });
}

export function useCheckIn() {
  const replace = useReplaceEvent();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<TEvent>("POST", `/api/events/${encodeURIComponent(id)}/check-in`),
    onSuccess: (event) => {
      replace(event);
      return queryClient.invalidateQueries({ queryKey: USER_STATS_KEY });
    },
  });
}

function useInvalidateEvents() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: EVENTS_KEY }),
      queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
    ]);
}

export function useCreateEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (body: TEventBody) => apiJson<TEvent>("POST", "/api/events", body),
    onSuccess: invalidate,
  });
}

export function useUpdateEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TEventBody }) =>
      apiJson<TEvent>("PUT", `/api/events/${encodeURIComponent(id)}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/events/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
