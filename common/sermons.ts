import { z } from "zod";
import { isRealCalendarDate } from "./dates";
import { optionalText, requiredText } from "./text";

const optionalUrl = z
  .string()
  .trim()
  .max(2000, "The address is too long")
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.url({ protocol: /^https?$/, error: "Please enter a valid URL" }).nullable());

/** A calendar date `YYYY-MM-DD` or a full ISO date-time (spec 2: date inputs use YYYY-MM-DD). */
export const ZDateInput = z
  .string({ error: "Date is required" })
  .trim()
  .min(1, "Date is required")
  .refine(
    (v) =>
      /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) &&
      !Number.isNaN(Date.parse(v)) &&
      isRealCalendarDate(v),
    "Enter a valid date",
  );

/** `POST /api/sermons` and `PUT /api/sermons/{id}` (spec 2 section 5 messages). */
export const ZSermonBody = z.object({
  title: requiredText(200, "Title"),
  speaker: requiredText(120, "Speaker"),
  date: ZDateInput,
  videoUrl: optionalUrl,
  audioUrl: optionalUrl,
  notesUrl: optionalUrl,
  series: optionalText(120, "Series"),
  scripture: optionalText(120, "Scripture"),
  description: optionalText(5000, "Description"),
  notes: optionalText(50_000, "Notes"),
  duration: z
    .number({ error: "Duration must be a number of minutes" })
    .int("Duration must be whole minutes")
    .min(0, "Duration cannot be negative")
    .max(1440, "Duration must be at most 24 hours")
    .nullish()
    .transform((v) => v ?? null),
  tags: z
    .array(z.string().trim().min(1).max(40, "Each topic must be at most 40 characters"))
    .max(20, "At most 20 topics")
    .default([])
    .transform((tags) => [...new Set(tags)]),
});
export type TSermonBody = z.input<typeof ZSermonBody>;

export const ZSermon = z.object({
  id: z.string(),
  title: z.string(),
  speaker: z.string(),
  /** The dashboard's name for the speaker (spec 2 "Sermon (dashboard list)"). */
  pastor: z.string(),
  date: z.string(),
  duration: z.number().int().nullable(),
  videoUrl: z.string().nullable(),
  audioUrl: z.string().nullable(),
  notesUrl: z.string().nullable(),
  series: z.string().nullable(),
  /** The passage preached on, e.g. "John 3:16-21". */
  scripture: z.string().nullable(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  viewCount: z.number().int(),
  isWatched: z.boolean(),
  /**
   * A draft (a stopped live stream's recording) is seen only by admins, in Manage Sermons, until one
   * publishes it; members are never sent one, so for them this is always false.
   */
  isDraft: z.boolean(),
  createdAt: z.string(),
  /** The recording's picture for cards (YouTube, Vimeo); null draws the church-coloured placeholder. */
  thumbnailUrl: z.string().nullable(),
});
export type TSermon = z.infer<typeof ZSermon>;

/**
 * `GET /api/sermons/{id}` for a member: the sermon, and its scripture as a link into the church's
 * Bible reader (the book and chapter), or null when the reference cannot be read.
 */
export const ZSermonDetail = ZSermon.extend({ scriptureUrl: z.string().nullable() });
export type TSermonDetail = z.infer<typeof ZSermonDetail>;

/**
 * `GET /api/sermons/{id}` for a visitor who is not signed in (a shared link): what the church
 * would print on a flyer, nothing members-only (notes, media addresses, topics, counts).
 */
export const ZPublicSermon = z.object({
  id: z.string(),
  title: z.string(),
  speaker: z.string(),
  date: z.string(),
  series: z.string().nullable(),
  scripture: z.string().nullable(),
  church: z.object({ name: z.string(), logoUrl: z.string().nullable(), brandColor: z.string() }),
});
export type TPublicSermon = z.infer<typeof ZPublicSermon>;

/** `includeDrafts=true`: Manage Sermons asks for the drafts too (admins only; members get 403). */
const includeDrafts = z.stringbool({ error: "includeDrafts must be true or false" }).optional();

/** Optional paging and search for `GET /api/sermons`; without them the whole list is returned. */
export const ZSermonListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  speaker: z.string().trim().max(120).optional(),
  /** One series' sermons, in the series' order: oldest first (issue 24's series page). */
  series: z.string().trim().max(120, "Series must be at most 120 characters").optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  includeDrafts,
});
export type TSermonListQuery = z.input<typeof ZSermonListQuery>;

/** `GET /api/sermons/series?name=`: the series page's heading. */
export const ZSeriesQuery = z.object({
  name: z
    .string({ error: "Series name is required" })
    .trim()
    .min(1, "Series name is required")
    .max(120, "Series must be at most 120 characters"),
});

export const ZSermonSeries = z.object({
  name: z.string(),
  /** Published sermons in the series. */
  count: z.number().int(),
  /** The first and the last sermon's dates, like a sermon's `date`. */
  firstDate: z.string(),
  lastDate: z.string(),
});
export type TSermonSeries = z.infer<typeof ZSermonSeries>;

/** `GET /api/sermons/speakers`: the speakers of the sermons the caller may see. */
export const ZSpeakersQuery = z.object({ includeDrafts });

export const ZWatchResult = z.object({
  pointsAwarded: z.number().int(),
  points: z.number().int(),
  isWatched: z.literal(true),
});
export type TWatchResult = z.infer<typeof ZWatchResult>;
