import { z } from "zod";

/** `GET /api/admin/feeds`: the church's public, unguessable feed addresses. */
export const ZFeeds = z.object({ podcastUrl: z.string(), calendarUrl: z.string() });
export type TFeeds = z.infer<typeof ZFeeds>;
