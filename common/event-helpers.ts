/** Plain helpers and constants of events.ts, without zod (the first screens read them). */
import type { TEvent } from "./events";

/** Members may check in from this long before an event starts until it ends. */
export const CHECK_IN_OPENS_MINUTES = 30;

/** What every screen calls an event: before its start, between its start and end, after its end. */
export type TEventStatus = "Upcoming" | "Happening now" | "Past";

/**
 * The one status of an event, from its start AND its end (issue 24: an event in progress is
 * "Happening now", never "Past"). The events list, the admin list, the dashboards and the event page
 * all use it.
 */
export function getEventStatus(e: Pick<TEvent, "startTime" | "endTime">, now = new Date()): TEventStatus {
  const t = now.getTime();
  if (new Date(e.startTime).getTime() > t) return "Upcoming";
  return new Date(e.endTime).getTime() > t ? "Happening now" : "Past";
}

/**
 * Splits a list for the events page: those not ended (happening now, then upcoming, soonest first)
 * and the past ones apart (most recent first).
 */
export function splitEventsByStatus<T extends Pick<TEvent, "startTime" | "endTime">>(
  events: T[],
  now = new Date(),
): { current: T[]; past: T[] } {
  const byStart = [...events].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  const current = byStart.filter((e) => getEventStatus(e, now) !== "Past");
  const past = byStart.filter((e) => getEventStatus(e, now) === "Past").reverse();
  return { current, past };
}

export function isCheckInOpen(e: Pick<TEvent, "startTime" | "endTime">, now = new Date()): boolean {
  const opens = new Date(e.startTime).getTime() - CHECK_IN_OPENS_MINUTES * 60_000;
  return now.getTime() >= opens && now.getTime() <= new Date(e.endTime).getTime();
}
