import { z } from "zod";
import { requiredText } from "./text";

/**
 * Issue 28: a pastor's private reply to a prayer request, and the author's answers, in one thread
 * that only the request's author and the church's admins read. Nothing in it names the author of an
 * anonymous request: the author's replies carry `fromAuthor: true` and `author: null`.
 */

/** The longest reply, in characters (after trimming). */
export const PRAYER_REPLY_MAX = 2000;

/** `POST /api/prayer-requests/{id}/replies`: the message, trimmed, 1 to PRAYER_REPLY_MAX characters. */
export const ZPrayerReplyBody = z.object({ message: requiredText(PRAYER_REPLY_MAX, "Message") });
export type TPrayerReplyBody = z.input<typeof ZPrayerReplyBody>;

/**
 * One reply of the thread. `fromAuthor`: the request's author wrote it; `author` is then always null
 * (no reply of theirs is stored with their id). A pastor's reply names the pastor, or null once they
 * have left for good.
 */
export const ZPrayerReply = z.object({
  id: z.string(),
  message: z.string(),
  fromAuthor: z.boolean(),
  author: z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type TPrayerReply = z.infer<typeof ZPrayerReply>;

/** The thread's URL, for the client. */
export const prayerRepliesUrl = (requestId: string) => `/api/prayer-requests/${encodeURIComponent(requestId)}/replies`;
