import { z } from "zod";
import { isRealCalendarDate } from "./dates";
import { requiredText } from "./text";

/**
 * A calendar date as written: `YYYY-MM-DD`, or an ISO date-time whose date part is read as written
 * (a form that sends `2026-11-22T00:00:00.000Z` means the 22nd, wherever the church is).
 */
const ZWeekOf = z
  .string({ error: "Week of is required" })
  .trim()
  .min(1, "Week of is required")
  .refine(
    (v) =>
      /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) &&
      !Number.isNaN(Date.parse(v)) &&
      isRealCalendarDate(v),
    "Enter a valid date",
  )
  .transform((v) => v.slice(0, 10));

/**
 * `POST /api/weekly-action-step` (spec 2 Growth settings): the step for the week that holds `weekOf`,
 * stored on that week's Sunday; posting again for the same week replaces it.
 */
export const ZActionStepBody = z.object({
  title: requiredText(200, "Title"),
  description: requiredText(2000, "Description"),
  weekOf: ZWeekOf,
});
export type TActionStepBody = z.input<typeof ZActionStepBody>;

/** `GET /api/weekly-action-step` (this week's step, or null) and the answer to a save. */
export const ZActionStep = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** The Sunday (`YYYY-MM-DD`, church time zone) of the step's week. */
  weekOf: z.string(),
  /** What completing it pays (POINTS.weeklyActionStep). */
  points: z.number().int(),
  /** Whether the caller has completed it. */
  isCompleted: z.boolean(),
});
export type TActionStep = z.infer<typeof ZActionStep>;

/** `POST /api/weekly-action-step/{id}/complete`: what this call paid, the caller's new total, and new badges. */
export const ZActionStepComplete = z.object({
  awarded: z.number().int(),
  total: z.number().int(),
  isCompleted: z.literal(true),
  /** Badge keys (common/badges.ts) this completion earned; empty on a repeat. */
  badges: z.array(z.string()),
});
export type TActionStepComplete = z.infer<typeof ZActionStepComplete>;

/** `GET /api/weekly-action-steps` (admin): past and scheduled steps, newest week first. */
export const ZActionStepListQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(104, "limit must be at most 104")
    .default(26),
});
export type TActionStepListQuery = z.input<typeof ZActionStepListQuery>;

export const ZActionStepSummary = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  weekOf: z.string(),
  /** Members of the church who completed it. */
  completions: z.number().int(),
});
export type TActionStepSummary = z.infer<typeof ZActionStepSummary>;
