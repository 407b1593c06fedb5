import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { churchRef } from "./churches";
import { ts } from "./columns";
import { userRef, users } from "./users";

/**
 * Issue 29: an announcement an admin (or a group's leader, to their groups) writes to some of the
 * church. `audience` is common/announcements.ts's ZAnnouncementAudience; it is resolved to members
 * only when it is sent, in the transaction that marks it sent and adds its recipients.
 */
export const announcements = pgTable(
  "announcements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    /** Who wrote it; an erased author's announcements stay, without a name. */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    link: text("link"),
    audience: jsonb("audience").notNull(),
    /** When it goes (scheduled) or went (sent); null for a draft without a time. */
    sendAt: ts("send_at"),
    urgent: boolean("urgent").notNull().default(false),
    /** draft | scheduled | sending | sent */
    status: text("status").notNull().default("draft"),
    recipientCount: integer("recipient_count").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    sentAt: ts("sent_at"),
  },
  (t) => [
    index("announcements_church_created_idx").on(t.churchId, t.createdAt, t.id),
    check("announcements_status_check", sql`${t.status} in ('draft', 'scheduled', 'sending', 'sent')`),
  ],
);

/**
 * Who got an announcement, one row per member: the member's list outlives the notifications'
 * retention, and a send run again adds nobody twice (the primary key).
 */
export const announcementRecipients = pgTable(
  "announcement_recipients",
  {
    announcementId: uuid("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    userId: userRef(),
    churchId: churchRef(),
    /** When the member opened it in the app (the announcement or its notification). */
    readAt: ts("read_at"),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    index("announcement_recipients_user_idx").on(t.userId, t.announcementId),
  ],
);
