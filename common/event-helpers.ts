/** Plain helpers and constants of events.ts, without zod (the first screens read them). */
import type { TEvent } from "./events";

/** Members may check in from this long before an event starts until it ends. */
export const CHECK_IN_OPENS_MINUTES = 30;

/** Spec: Upcoming if the start is in the future, otherwise Past. */
export function getEventStatus(e: Pick<TEvent, "startTime">, now = new Date()): "Upcoming" | "Past" {
  return new Date(e.startTime).getTime() > now.getTime() ? "Upcoming" : "Past";
}

export function isCheckInOpen(e: Pick<TEvent, "startTime" | "endTime">, now = new Date()): boolean {
  const opens = new Date(e.startTime).getTime() - CHECK_IN_OPENS_MINUTES * 60_000;
  return now.getTime() >= opens && now.getTime() <= new Date(e.endTime).getTime();
}
