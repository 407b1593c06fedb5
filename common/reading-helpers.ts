/** The reading plan's rules without zod (common/reading.ts holds the contracts): screens import them directly. */

/** How many days back a reading may be caught up (today and the 6 days before, church calendar). */
export const READING_CATCH_UP_DAYS = 6;
