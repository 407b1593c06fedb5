import { z } from "zod";

/** `GET /api/user/stats` (spec 1 and 2): streaks is a map; its key count is "Active Streaks". */
export const ZUserStats = z.object({
  points: z.number().int(),
  sermonsWatched: z.number().int(),
  eventsAttended: z.number().int(),
  streaks: z.record(z.string(), z.number().int()),
});
export type TUserStats = z.infer<typeof ZUserStats>;
