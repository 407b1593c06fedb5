import { z } from "zod";
import { requiredText } from "./text";

/*
 * A group's prayer requests (issue 27): shared with one group only, never on the church's prayer
 * wall. The anonymity rule is church prayer's (common/prayer.ts ANONYMOUS_NAME): an anonymous author
 * is shown to nobody, the group's leaders and the church's admins included.
 */

export const GROUP_PRAYER_TITLE_MAX = 120;
export const GROUP_PRAYER_DESCRIPTION_MAX = 2000;
export const GROUP_PRAYERS_PAGE_SIZE = 20;
export const GROUP_PRAYERS_PAGE_MAX = 100;

/** `POST /api/groups/{id}/prayers` (the group's members and leaders). */
export const ZGroupPrayerBody = z
  .object({
    title: requiredText(GROUP_PRAYER_TITLE_MAX, "Title"),
    description: requiredText(GROUP_PRAYER_DESCRIPTION_MAX, "Details"),
    isAnonymous: z.boolean({ error: "isAnonymous must be true or false" }).default(false),
  })
  .strict();
export type TGroupPrayerBody = z.input<typeof ZGroupPrayerBody>;

/** `GET /api/groups/{id}/prayers?limit=&before=`: newest first; `before` is the id of the last request seen. */
export const ZGroupPrayerListQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(GROUP_PRAYERS_PAGE_MAX, `limit must be at most ${GROUP_PRAYERS_PAGE_MAX}`)
    .default(GROUP_PRAYERS_PAGE_SIZE),
  before: z.uuid("before must be the id of a prayer request").optional(),
});
export type TGroupPrayerListQuery = z.input<typeof ZGroupPrayerListQuery>;

/**
 * A group prayer request as a reader of the group sees it. Anonymous: `userName` is ANONYMOUS_NAME,
 * `userImageUrl` null, `userId` null, and `isMine` true only in its author's own answers.
 */
export const ZGroupPrayer = z.object({
  id: z.string(),
  groupId: z.string(),
  title: z.string(),
  description: z.string(),
  isAnonymous: z.boolean(),
  /** The author's id when named (null when anonymous or gone). */
  userId: z.string().nullable(),
  userName: z.string(),
  userImageUrl: z.string().nullable(),
  isMine: z.boolean(),
  isAnswered: z.boolean(),
  answeredAt: z.string().nullable(),
  /** Only its author marks it answered, while open. */
  canAnswer: z.boolean(),
  prayedCount: z.number().int(),
  prayedToday: z.boolean(),
  createdAt: z.string(),
});
export type TGroupPrayer = z.infer<typeof ZGroupPrayer>;

/** `POST /api/groups/{id}/prayers/{prayerId}/prayed`: once per member per request per church day. */
export const ZGroupPrayResult = z.object({
  /** Whether this call counted a new prayer (false: already prayed today). */
  counted: z.boolean(),
  prayedCount: z.number().int(),
  prayedToday: z.literal(true),
});
export type TGroupPrayResult = z.infer<typeof ZGroupPrayResult>;
