import type { TEvent, TEventAttendee, TEventBody } from "@common/events";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiJson, apiRequest } from "@/lib/api-client";
import { ADMIN_STATS_KEY, USER_STATS_KEY } from "@/lib/query-keys";

export const EVENTS_KEY = ["/api/events"] as const;

/** Spec 1 screen 8: sorted by startTime ascending. */
export function sortEvents(events: TEvent[]): TEvent[] {
  return [...events].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
}

export function useEvents(enabled = true) {
  return useQuery<TEvent[]>({ queryKey: EVENTS_KEY, select: sortEvents, enabled });
}

/**
 * The next `count` events that have not ended, soonest first (the dashboards):
 * `GET /api/events?upcoming=true&limit=N`, never the whole list.
 */
export function useUpcomingEvents(count: number, enabled = true) {
  return useQuery<TEvent[]>({
    queryKey: [...EVENTS_KEY, "upcoming", count],
    queryFn: ({ signal }) => apiGet(`/api/events?upcoming=true&limit=${count}`, signal).then((r) => r.json()),
    enabled,
  });
}

const eventKey = (id: string) => [...EVENTS_KEY, "one", id] as const;
const attendeesKey = (id: string) => [...EVENTS_KEY, "attendees", id] as const;

/** One event (`GET /api/events/{id}`): the event page. */
export function useEvent(id: string) {
  return useQuery<TEvent>({
    queryKey: eventKey(id),
    queryFn: ({ signal }) => apiGet(`/api/events/${encodeURIComponent(id)}`, signal).then((r) => r.json()),
  });
}

/** The members going, "Ruth B." (`GET /api/events/{id}/attendees`). */
export function useEventAttendees(id: string, enabled = true) {
  return useQuery<TEventAttendee[]>({
    queryKey: attendeesKey(id),
    queryFn: ({ signal }) => apiGet(`/api/events/${encodeURIComponent(id)}/attendees`, signal).then((r) => r.json()),
    enabled,
  });
}

/** "Add to my calendar": the event's own iCalendar file. */
export const eventCalendarUrl = (id: string) => `/api/events/${encodeURIComponent(id)}/calendar.ics`;

/** Puts the server's answer for one event into every cached list and the event's own page. */
function useReplaceEvent() {
  const queryClient = useQueryClient();
  return (event: TEvent) => {
    queryClient.setQueriesData<TEvent[]>({ queryKey: EVENTS_KEY }, (list) =>
      Array.isArray(list) ? list.map((e) => (e.id === event.id ? event : e)) : list,
    );
    queryClient.setQueryData(eventKey(event.id), event);
  };
}

export function useRsvp() {
  const replace = useReplaceEvent();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, going }: { id: string; going: boolean }) =>
      apiJson<TEvent>(going ? "POST" : "DELETE", `/api/events/${encodeURIComponent(id)}/rsvp`),
    onSuccess: (event) => {
      replace(event);
      return queryClient.invalidateQueries({ queryKey: attendeesKey(event.id) });
    },
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
