import { z } from "zod";
import { optionalText, requiredText } from "./text";

/** The name shown for an anonymous request (spec 1: the author is never shown). */
export const ANONYMOUS_NAME = "Anonymous";
/** A page of the prayer wall; the client asks for the next page with `before` = the last id. */
export const PRAYER_PAGE_SIZE = 20;
export const PRAYER_PAGE_MAX = 100;
/** Issue 23: a member shares at most this many prayer requests an hour, anonymous ones included. */
export const PRAYER_REQUESTS_PER_HOUR = 10;
export const PRAYER_REQUESTS_RATE_LIMITED = `You can share ${PRAYER_REQUESTS_PER_HOUR} prayer requests an hour. Please try again later.`;

/**
 * Who sees a request (issue 24): "church", every member; "leaders", only the church's admins and
 * its author. Either may also be anonymous (its author shown to nobody).
 */
export const PRAYER_VISIBILITIES = ["church", "leaders"] as const;
export type TPrayerVisibility = (typeof PRAYER_VISIBILITIES)[number];

/** `POST /api/prayer-requests` (spec 1 §2.11, §5): title and details, sent trimmed, the anonymous flag and who sees it. */
export const ZPrayerRequestBody = z.object({
  title: requiredText(120, "Title"),
  description: requiredText(2000, "Details"),
  isAnonymous: z.boolean({ error: "isAnonymous must be true or false" }).default(false),
  visibility: z.enum(PRAYER_VISIBILITIES, { error: 'visibility must be "church" or "leaders"' }).default("church"),
});
export type TPrayerRequestBody = z.input<typeof ZPrayerRequestBody>;

/** `GET /api/prayer-requests?limit=&before=`: newest first; `before` is the id of the last request seen. */
export const ZPrayerRequestListQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(PRAYER_PAGE_MAX, `limit must be at most ${PRAYER_PAGE_MAX}`)
    .default(PRAYER_PAGE_SIZE),
  before: z.uuid("before must be the id of a prayer request").optional(),
});
export type TPrayerRequestListQuery = z.input<typeof ZPrayerRequestListQuery>;

/**
 * `PATCH /api/prayer-requests/{id}/answered` (by its author or an admin): the body is optional (the
 * spec sends none); `answerNote` is the praise shown with the answered request.
 */
export const ZPrayerAnsweredBody = z
  .object({ answerNote: optionalText(1000, "Answer note") })
  .nullish()
  .transform((v) => ({ answerNote: v?.answerNote ?? null }));
export type TPrayerAnsweredBody = z.input<typeof ZPrayerAnsweredBody>;

/** `PATCH /api/prayer-requests/{id}/hidden` (admins): hide a request from members, or show it again. */
export const ZPrayerHiddenBody = z.object({ hidden: z.boolean({ error: "hidden must be true or false" }) });
export type TPrayerHiddenBody = z.input<typeof ZPrayerHiddenBody>;

/**
 * A prayer request as anyone sees it. For an anonymous request nothing identifies the author:
 * `userName` is "Anonymous", `userImageUrl` null, and `isMine` is true only in the author's own
 * answers (the same for every other caller, admins included).
 */
export const ZPrayerRequest = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  isAnonymous: z.boolean(),
  /** "leaders": seen only by the church's admins and its author. */
  visibility: z.enum(PRAYER_VISIBILITIES),
  isAnswered: z.boolean(),
  answerNote: z.string().nullable(),
  answeredAt: z.string().nullable(),
  userName: z.string(),
  userImageUrl: z.string().nullable(),
  /** The caller wrote it (and may mark it answered). */
  isMine: z.boolean(),
  /** The caller may mark it answered (its author or an admin) while it is open. */
  canAnswer: z.boolean(),
  /** Hidden by an admin: seen only by admins and, with a note, by its author. */
  isHidden: z.boolean(),
  prayedCount: z.number().int(),
  prayedToday: z.boolean(),
  createdAt: z.string(),
});
export type TPrayerRequest = z.infer<typeof ZPrayerRequest>;

/** `POST /api/prayer-requests/{id}/pray`: once per member per request per day. */
export const ZPrayResult = z.object({
  /** Whether this call counted a new prayer (false: already prayed today). */
  counted: z.boolean(),
  prayedCount: z.number().int(),
  prayedToday: z.literal(true),
});
export type TPrayResult = z.infer<typeof ZPrayResult>;

/** A member as their prayer partner sees them (spec 1 §3), with the prayer topics they chose. */
export const ZPrayerPartner = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Present only when the partner lets the caller see it (issue 27: their privacy settings). */
  email: z.string().optional(),
  profileImageUrl: z.string().nullable(),
  /** The topics (healing, guidance, ...) the partner asked prayer for; empty when none set. */
  prayerTopics: z.array(z.string()),
});
export type TPrayerPartner = z.infer<typeof ZPrayerPartner>;

/**
 * Why a member has no partner this week: the church has fewer than 2 active members; the member
 * joined after this week began (they join next week's chain); or the chain was made without them
 * (they were inactive, more than 30 days since their last sign-in, when it was made; they are in
 * next week's).
 */
export const ZNoPartnerReason = z.enum(["too_few_members", "joined_this_week", "not_in_chain"]);
export type TNoPartnerReason = z.infer<typeof ZNoPartnerReason>;

/** `GET /api/prayer-partners/current` (spec 1 §3 "Prayer partner assignment"). */
export const ZPrayerPartnerCurrent = z.object({
  /** The caller's link in this week's chain, or null without one. */
  id: z.string().nullable(),
  weekStartDate: z.string(),
  weekEndDate: z.string(),
  partner: ZPrayerPartner.nullable(),
  /** Set when `partner` is null. */
  reason: ZNoPartnerReason.nullable(),
  todayCompleted: z.boolean(),
  /** Days this week the caller prayed for their partner. */
  prayersThisWeek: z.number().int(),
  /** Consecutive days of partner prayer, ending today or yesterday. */
  prayerStreak: z.number().int(),
  /** All partner prayers the caller completed in this church. */
  prayersCompleted: z.number().int(),
  /** Weeks the caller has been a link of the church's chain. */
  totalChainLinks: z.number().int(),
});
export type TPrayerPartnerCurrent = z.infer<typeof ZPrayerPartnerCurrent>;

/** `GET /api/prayer-partners/history`: the caller's weeks in the chain, newest first. */
export const ZPrayerPartnerHistoryEntry = z.object({
  id: z.string(),
  weekStartDate: z.string(),
  weekEndDate: z.string(),
  partner: ZPrayerPartner.pick({ id: true, firstName: true, lastName: true, profileImageUrl: true }).nullable(),
  status: z.enum(["Current", "Completed"]),
  daysPrayed: z.number().int(),
});
export type TPrayerPartnerHistoryEntry = z.infer<typeof ZPrayerPartnerHistoryEntry>;

/** `POST /api/prayer-partners/complete-daily`: 15 points once per member per day. */
export const ZPartnerPrayerComplete = z.object({
  awarded: z.number().int(),
  total: z.number().int(),
  todayCompleted: z.literal(true),
  /** Badge keys (common/badges.ts) this prayer earned; empty on a repeat. */
  badges: z.array(z.string()),
});
export type TPartnerPrayerComplete = z.infer<typeof ZPartnerPrayerComplete>;
