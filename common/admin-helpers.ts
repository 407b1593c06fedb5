/** Plain helpers and constants of admin.ts, without zod (the first screens read them). */

export const RECENT_ACTIVITY_COUNT = 5;
