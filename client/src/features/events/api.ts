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

/**
 * Each occurrence between two instants, repeating events expanded by the server in the church's
 * zone (`GET /api/events?from=&to=`): the events page.
 */
export function useEventOccurrences(from: string, to: string) {
  return useQuery<TEvent[]>({
    queryKey: [...EVENTS_KEY, "window", from, to],
    queryFn: ({ signal }) =>
      apiGet(`/api/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, signal).then((r) => r.json()),
  });
}

/** `?occurrenceStart=` naming one occurrence of a repeating event; nothing for a single event. */
const occurrenceQuery = (occurrence?: string | null) =>
  occurrence ? `?occurrenceStart=${encodeURIComponent(occurrence)}` : "";
const eventKey = (id: string, occurrence?: string | null) => [...EVENTS_KEY, "one", id, occurrence ?? null] as const;
const attendeesKey = (id: string, occurrence?: string | null) =>
  [...EVENTS_KEY, "attendees", id, occurrence ?? null] as const;

/** One event (`GET /api/events/{id}`), a repeating one's occurrence when named: the event page. */
export function useEvent(id: string, occurrence?: string | null) {
  return useQuery<TEvent>({
    queryKey: eventKey(id, occurrence),
    queryFn: ({ signal }) =>
      apiGet(`/api/events/${encodeURIComponent(id)}${occurrenceQuery(occurrence)}`, signal).then((r) => r.json()),
  });
}

/** The members going, "Ruth B." (`GET /api/events/{id}/attendees`), to one occurrence of a repeating event. */
export function useEventAttendees(id: string, occurrence?: string | null, enabled = true) {
  return useQuery<TEventAttendee[]>({
    queryKey: attendeesKey(id, occurrence),
    queryFn: ({ signal }) =>
      apiGet(`/api/events/${encodeURIComponent(id)}/attendees${occurrenceQuery(occurrence)}`, signal).then((r) =>
        r.json(),
      ),
    enabled,
  });
}

/** The occurrence an RSVP or a check-in is for: only a repeating event names one. */
const occurrenceOf = (e: Pick<TEvent, "recurrence" | "occurrenceStart">) => (e.recurrence ? e.occurrenceStart : null);

/** "Add to my calendar": the event's own iCalendar file. */
export const eventCalendarUrl = (id: string) => `/api/events/${encodeURIComponent(id)}/calendar.ics`;

/**
 * Puts the server's answer for one occurrence into every cached list and its own page; a list item
 * of another occurrence of the same event keeps its own answers.
 */
function useReplaceEvent() {
  const queryClient = useQueryClient();
  return (event: TEvent) => {
    const same = (e: TEvent) => e.id === event.id && (!event.recurrence || e.occurrenceStart === event.occurrenceStart);
    queryClient.setQueriesData<TEvent[]>({ queryKey: EVENTS_KEY }, (list) =>
      Array.isArray(list) ? list.map((e) => (same(e) ? event : e)) : list,
    );
    queryClient.setQueryData(eventKey(event.id, occurrenceOf(event)), event);
  };
}

export function useRsvp() {
  const replace = useReplaceEvent();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ event, going }: { event: TEvent; going: boolean }) =>
      apiJson<TEvent>(
        going ? "POST" : "DELETE",
        `/api/events/${encodeURIComponent(event.id)}/rsvp${occurrenceQuery(occurrenceOf(event))}`,
      ),
    onSuccess: (event) => {
      replace(event);
      return queryClient.invalidateQueries({ queryKey: [...EVENTS_KEY, "attendees", event.id] });
    },
  });
}

export function useCheckIn() {
  const replace = useReplaceEvent();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: TEvent) =>
      apiJson<TEvent>(
        "POST",
        `/api/events/${encodeURIComponent(event.id)}/check-in${occurrenceQuery(occurrenceOf(event))}`,
      ),
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

/** Cancels one occurrence of a repeating event (`DELETE /api/events/{id}?occurrenceStart=`). */
export function useCancelOccurrence() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (event: TEvent) =>
      apiRequest("DELETE", `/api/events/${encodeURIComponent(event.id)}${occurrenceQuery(event.occurrenceStart)}`),
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
