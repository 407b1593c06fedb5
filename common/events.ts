import { z } from "zod";
import { isRealCalendarDate } from "./dates";
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

/** `POST /api/events` and `PUT /api/events/{id}` (spec 2 section 5 messages; the end must follow the start). */
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
  })
  .refine((e) => Date.parse(e.endTime) > Date.parse(e.startTime), {
    path: ["endTime"],
    message: "End time must be after the start time",
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
});
export type TEvent = z.infer<typeof ZEvent>;

/**
 * `GET /api/events` query: without parameters the church's whole list (cached); `upcoming=true`
 * keeps events that have not ended, soonest first, and `limit` caps the count (the dashboards ask
 * for the next three).
 */
export const ZEventListQuery = z.object({
  upcoming: z
    .enum(["true", "false"], { error: "upcoming must be true or false" })
    .optional()
    .transform((v) => v === "true"),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type TEventListQuery = z.input<typeof ZEventListQuery>;

/**
 * `GET /api/events/{id}/attendees`: the members of the church going to the event. Names are the
 * first name and the last name's initial ("Ruth B."), enough to recognise a friend without
 * publishing the whole directory to everyone; `isYou` marks the caller.
 */
export const ZEventAttendee = z.object({ id: z.string(), name: z.string(), isYou: z.boolean() });
export type TEventAttendee = z.infer<typeof ZEventAttendee>;
