import { z } from "zod";
import { isRealCalendarDate } from "./dates";
import { requiredText } from "./text";

/** `POST /api/bible-reading/complete`: one passage of one day's plan. */
export const ZReadingComplete = z.object({
  passage: requiredText(100, "Passage"),
  readingDate: z
    .string({ error: "Reading date is required" })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Reading date must be a date (YYYY-MM-DD)")
    .refine(isRealCalendarDate, "Reading date must be a date (YYYY-MM-DD)"),
});
export type TReadingComplete = z.infer<typeof ZReadingComplete>;

export const ZReading = z.object({
  passage: z.string(),
  isCompleted: z.boolean(),
  /** The passage in the church's Bible reader. */
  url: z.string(),
});

/** One day of this week (Sunday to Saturday) on the Growth Journey's grid, with its passages. */
export const ZReadingDay = z.object({
  date: z.string(),
  completed: z.number().int(),
  total: z.number().int(),
  readings: z.array(ZReading),
});

export type TReadingDay = z.infer<typeof ZReadingDay>;

/** `GET /api/bible-reading/today`. */
export const ZReadingToday = z.object({
  /** Today in the church's time zone. */
  date: z.string(),
  readings: z.array(ZReading),
  week: z.array(ZReadingDay),
  /** Consecutive days with at least one reading, ending today or yesterday. */
  streak: z.number().int(),
});
export type TReadingToday = z.infer<typeof ZReadingToday>;

/** What completing a reading answers: the points paid now (0 for a repeat) and the new figures. */
export const ZReadingCompleted = z.object({
  awarded: z.number().int(),
  total: z.number().int(),
  streak: z.number().int(),
});
export type TReadingCompleted = z.infer<typeof ZReadingCompleted>;
