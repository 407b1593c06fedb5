import { z } from "zod";
import { isRealCalendarDate } from "./dates";
import { formatRecurrence, parseRecurrence } from "./recurrence";
import { requiredText } from "./text";

const ZDateTime = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(
      (v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && isRealCalendarDate(v),
      "Enter a valid date and time",
    );

/**
 * An RFC 5545 RRULE, WEEKLY or MONTHLY (`FREQ=WEEKLY;BYDAY=SU`, `FREQ=MONTHLY;BYDAY=1SU`; a leading
 * `RRULE:` is allowed), written back in one order; empty or null: the event happens once.
 */
export const ZRecurrence = z
  .string({ error: "The repeat rule must be text such as FREQ=WEEKLY;BYDAY=SU" })
  .trim()
  .max(500, "The repeat rule is too long")
  .nullish()
  .transform((v, c) => {
    if (v === undefined) return undefined;
    if (!v) return null;
    const rule = parseRecurrence(v);
    if (typeof rule === "string") {
      c.addIssue({ code: "custom", message: rule });
      return z.NEVER;
    }
    return formatRecurrence(rule);
  });

/** Which occurrences of a repeating event a change reaches: all (the default), one, or this and the later ones. */
export const EVENT_EDIT_SCOPES = ["all", "one", "following"] as const;
export type TEventEditScope = (typeof EVENT_EDIT_SCOPES)[number];

/** An occurrence of a repeating event, named by its start by the rule (ISO). */
export const ZOccurrenceStart = z
  .string({ error: "occurrenceStart must be an ISO date and time" })
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), {
    message: "occurrenceStart must be an ISO date and time such as 2026-03-08T15:00:00.000Z",
  });

/**
 * `POST /api/events` and `PUT /api/events/{id}` (spec 2 section 5 messages; the end must follow the
 * start). `recurrence` and `isService` left out of a change keep what the event had. A change of a
 * repeating event takes a `scope`: "one" and "following" name the occurrence by `occurrenceStart`.
 */
export const ZEventBody = z
  .object({
    title: requiredText(200, "Title"),
    description: requiredText(5000, "Description"),
    startTime: ZDateTime("Start time is required"),
    endTime: ZDateTime("End time is required"),
    location: requiredText(300, "Location"),
    streamUrl: z
      .string()
      .trim()
      .max(2000)
      .nullish()
      .transform((v) => (v ? v : null))
      .pipe(z.url({ protocol: /^https?$/, error: "Please enter a valid URL" }).nullable()),
    recurrence: ZRecurrence,
    isService: z.boolean({ error: "isService must be true or false" }).optional(),
    scope: z.enum(EVENT_EDIT_SCOPES, { error: 'scope must be "all", "one" or "following"' }).optional(),
    occurrenceStart: ZOccurrenceStart.optional(),
  })
  .refine((e) => Date.parse(e.endTime) > Date.parse(e.startTime), {
    path: ["endTime"],
    message: "End time must be after the start time",
  })
  .refine((e) => !(e.scope === "one" || e.scope === "following") || e.occurrenceStart, {
    path: ["occurrenceStart"],
    message: "Changing one occurrence, or this and the following ones, needs occurrenceStart",
  });
export type TEventBody = z.input<typeof ZEventBody>;

export const ZEvent = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  streamUrl: z.string().nullable(),
  rsvpCount: z.number().int(),
  isGoing: z.boolean(),
  isCheckedIn: z.boolean(),
  createdAt: z.string(),
  /** The occurrence this item is (its start by the rule); a single event's is its start. */
  occurrenceStart: z.string(),
  /** The RRULE of a repeating event (`FREQ=WEEKLY;BYDAY=SU`), null for a single event. */
  recurrence: z.string().nullable(),
  /** "Regular service": listed under service times on the public page. */
  isService: z.boolean(),
});
export type TEvent = z.infer<typeof ZEvent>;

/** The longest window `GET /api/events?from=&to=` expands, and the most occurrences it answers. */
export const MAX_EVENT_WINDOW_DAYS = 366;
export const MAX_EVENT_OCCURRENCES = 2000;

function ZOccurrenceWindowEdge(name: string) {
  return z
    .string()
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}($|T)/.test(v) && !Number.isNaN(Date.parse(v)), {
      message: `${name} must be an ISO date (2026-03-01) or date and time`,
    });
}

/** `?occurrenceStart=`: one occurrence of a repeating event (the event, its attendees, a cancellation). */
export const ZOccurrenceQuery = z.object({ occurrenceStart: ZOccurrenceStart.optional() });

/**
 * `GET /api/events` query: without parameters the church's whole list (cached); `upcoming=true`
 * keeps events that have not ended, soonest first, and `limit` caps the count (the dashboards ask
 * for the next three). `from` and `to` (both, at most MAX_EVENT_WINDOW_DAYS apart) answer each
 * occurrence in the window as its own item, repeating events expanded in the church's time zone.
 */
export const ZEventListQuery = z.object({
  upcoming: z
    .enum(["true", "false"], { error: "upcoming must be true or false" })
    .optional()
    .transform((v) => v === "true"),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  from: ZOccurrenceWindowEdge("from").optional(),
  to: ZOccurrenceWindowEdge("to").optional(),
});
export type TEventListQuery = z.input<typeof ZEventListQuery>;

/**
 * `GET /api/events/{id}/attendees`: the members of the church going to the event. Names are the
 * first name and the last name's initial ("Ruth B."), enough to recognise a friend without
 * publishing the whole directory to everyone; `isYou` marks the caller.
 */
export const ZEventAttendee = z.object({ id: z.string(), name: z.string(), isYou: z.boolean() });
export type TEventAttendee = z.infer<typeof ZEventAttendee>;
