import { z } from "zod";
import {
  ANNOUNCEMENT_APP_LINK,
  ANNOUNCEMENT_GROUPS_MAX,
  ANNOUNCEMENT_MESSAGE_MAX,
  ANNOUNCEMENT_STATUSES,
  ANNOUNCEMENT_TITLE_MAX,
} from "./announcement-helpers";
import { ROLES } from "./roles";

export * from "./announcement-helpers";

/**
 * Issue 29: announcements. An admin writes to the whole church, some groups or some roles; a group's
 * leader to the groups they lead. Sent now or at a time, each member in the audience gets it once: in
 * the bell (kind `announcement`), by push, and by e-mail when urgent or as their channels say.
 */

const LINK_MESSAGE = "The link must be one of the church's sermons, events or groups, or an https address";

/** `/sermons/{id}`, `/events/{id}`, `/groups/{id}`, or `https://…`; empty or null: no link. */
export const ZAnnouncementLink = z
  .string({ error: LINK_MESSAGE })
  .trim()
  .max(2000, "The link must be at most 2,000 characters")
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || ANNOUNCEMENT_APP_LINK.test(v) || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v), LINK_MESSAGE);

export const ZAnnouncementAudience = z.union(
  [
    z.strictObject({ all: z.literal(true) }),
    z.strictObject({
      groupIds: z
        .array(z.uuid("groupIds must be ids of groups"))
        .min(1, "Choose at least one group")
        .max(ANNOUNCEMENT_GROUPS_MAX, `Choose at most ${ANNOUNCEMENT_GROUPS_MAX} groups`),
    }),
    z.strictObject({
      roles: z.array(z.enum(ROLES, { error: "roles must be roles of the church" })).min(1, "Choose at least one role"),
    }),
  ],
  { error: "The audience must be the whole church, some groups or some roles" },
);
export type TAnnouncementAudience = z.infer<typeof ZAnnouncementAudience>;

const title = z
  .string({ error: "Title is required" })
  .trim()
  .min(1, "Title is required")
  .max(ANNOUNCEMENT_TITLE_MAX, `Title must be at most ${ANNOUNCEMENT_TITLE_MAX} characters`);
const message = z
  .string({ error: "Message is required" })
  .trim()
  .min(1, "Message is required")
  .max(ANNOUNCEMENT_MESSAGE_MAX, `Message must be at most ${ANNOUNCEMENT_MESSAGE_MAX.toLocaleString("en")} characters`);
/** When to send, an ISO date-time (the composer turns the church's local time into it); absent or null: now. */
const sendAt = z.iso
  .datetime({ offset: true, error: "sendAt must be a date and time (ISO 8601)" })
  .nullish()
  .transform((v) => v ?? null);

/**
 * `POST /api/announcements`: 201 with the announcement (`{id, status, sendAt, …}`). `draft: true`
 * saves it without scheduling it (then status "draft").
 */
export const ZAnnouncementBody = z.object({
  title,
  message,
  link: ZAnnouncementLink,
  audience: ZAnnouncementAudience,
  sendAt,
  urgent: z.boolean({ error: "urgent must be true or false" }).default(false),
  draft: z.boolean({ error: "draft must be true or false" }).default(false),
});
export type TAnnouncementBody = z.input<typeof ZAnnouncementBody>;

/** `PATCH /api/announcements/{id}`: a draft or scheduled one changed; what is absent stays. 409 once it is sending or sent. */
export const ZAnnouncementPatch = z
  .object({
    title: title.optional(),
    message: message.optional(),
    link: ZAnnouncementLink.optional(),
    audience: ZAnnouncementAudience.optional(),
    sendAt: sendAt.optional(),
    urgent: z.boolean({ error: "urgent must be true or false" }).optional(),
    draft: z.boolean({ error: "draft must be true or false" }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), "Nothing to change");
export type TAnnouncementPatch = z.input<typeof ZAnnouncementPatch>;

export const ZAnnouncement = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  audience: ZAnnouncementAudience,
  status: z.enum(ANNOUNCEMENT_STATUSES),
  /** When it goes (scheduled) or went (sent); null for a draft without a time. */
  sendAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  urgent: z.boolean(),
  createdAt: z.string(),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The groups of a group audience, by name (the list shows them). */
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Whether the caller may edit or cancel it (its author or an admin, before it is sent). */
  canEdit: z.boolean(),
  /**
   * Its author and the admins see how it went; null for anyone else. recipients: members who got it;
   * opened: who opened it in the app (read the notification or the announcement); emailed: e-mails
   * sent; emailOpened: who followed the e-mail's link.
   */
  recipients: z.number().int().nullable(),
  opened: z.number().int().nullable(),
  emailed: z.number().int().nullable(),
  emailOpened: z.number().int().nullable(),
  /** For a member: whether they have opened it. */
  isRead: z.boolean(),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

/**
 * `GET /api/announcements?limit=&before=`: a member gets those sent to them, newest first; an admin
 * (and a leader, for the ones they wrote) also every draft, scheduled and sent one of the church,
 * with its counts.
 */
export const ZAnnouncementListQuery = z.object({
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(100).default(30),
  before: z.uuid("before must be the id of an announcement").optional(),
});
export const ZAnnouncementList = z.array(ZAnnouncement);
