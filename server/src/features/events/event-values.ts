import type { ZEventBody } from "@common/events";
import { formatRecurrence, getUntilInstant, parseRecurrence, toUntil } from "@common/recurrence";
import type { z } from "zod";
import type { TChurchCtx } from "../../lib/context";
import { badRequest } from "../../lib/errors";

export type TEventInput = z.output<typeof ZEventBody>;

/** The series' rule as stored: a date-only UNTIL becomes the end of that day in the church's zone, in UTC. */
export function storedRecurrence(recurrence: string | null, timeZone: string): string | null {
  if (!recurrence) return null;
  const rule = parseRecurrence(recurrence);
  if (typeof rule === "string") throw badRequest(rule, "recurrence");
  if (rule.until?.length === 8) rule.until = toUntil(getUntilInstant(rule.until, timeZone));
  return formatRecurrence(rule);
}

/** An event's columns from a request; `recurrence` and `isService` left out keep what the event had. */
export const toValues = (ctx: Pick<TChurchCtx, "timeZone">, b: TEventInput) => ({
  title: b.title,
  description: b.description,
  location: b.location,
  startTime: new Date(b.startTime),
  endTime: new Date(b.endTime),
  streamUrl: b.streamUrl,
  ...(b.recurrence !== undefined && { recurrence: storedRecurrence(b.recurrence, ctx.timeZone) }),
  ...(b.isService !== undefined && { isService: b.isService }),
});
