import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bytea, ts } from "./columns";

export const churches = pgTable(
  "churches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    address: text("address"),
    phone: text("phone"),
    email: text("email"),
    website: text("website"),
    logoUrl: text("logo_url"),
    brandColor: text("brand_color").notNull().default("#6366F1"),
    timeZone: text("time_zone").notNull(),
    /** The language of members who chose none (Church Settings); null: each browser's own. */
    defaultLanguage: text("default_language"),
    /**
     * Where a reading plan passage opens (`{passage}` and `{translation}` filled in) and in which
     * translation; null means DEFAULT_BIBLE_READER (common/bible-plan.ts).
     */
    bibleReaderPattern: text("bible_reader_pattern"),
    bibleTranslation: text("bible_translation"),
    /** Unguessable part of the church's public podcast and calendar feed addresses. */
    feedToken: text("feed_token")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** The public page's address, /c/{slug}: lower-case letters, digits and hyphens, unique (common/church-slug.ts). */
    slug: text("slug").notNull(),
    /** Whether /c/{slug} is shown to visitors; off until an admin publishes it. */
    publicPage: boolean("public_page").notNull().default(false),
    /** How long the audit trail keeps an entry, in days (default two years). */
    auditRetentionDays: integer("audit_retention_days").notNull().default(730),
    /** How long live chat messages are kept, in days (issue 28; default one year). */
    chatRetentionDays: integer("chat_retention_days").notNull().default(365),
    /** How long a member's notifications are kept, in days (issue 28; default 90). */
    notificationRetentionDays: integer("notification_retention_days").notNull().default(90),
    /** Days after a member is removed before their personal data is erased (issue 28; default 30). */
    removedMemberRetentionDays: integer("removed_member_retention_days").notNull().default(30),
    /** How to reach the church about its members' data, shown on its privacy page (/privacy); null: the church's e-mail. */
    privacyContact: text("privacy_contact"),
    /** Hours an unread notification waits before it goes by e-mail to a member who chose "unseen" (issue 29). */
    emailFallbackHours: integer("email_fallback_hours").notNull().default(6),
    /** The weekly e-mail digest's day (0 Sunday … 6 Saturday) and time ("HH:MM"), in the church's time zone (issue 29). */
    digestDay: integer("digest_day").notNull().default(6),
    digestTime: text("digest_time").notNull().default("17:00"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("churches_feed_token_key").on(t.feedToken), uniqueIndex("churches_slug_key").on(t.slug)],
);

/** Uploaded logos live with the church and are served from /api/churches/{id}/logo. */
export const churchLogos = pgTable("church_logos", {
  churchId: uuid("church_id")
    .primaryKey()
    .references(() => churches.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  etag: text("etag").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** The owning church: every church-owned row goes when its church goes. */
export const churchRef = () =>
  uuid("church_id")
    .notNull()
    .references((): AnyPgColumn => churches.id, { onDelete: "cascade" });

/**
 * The members erased from a church (issue 28), without personal data: each by its stable pseudonym
 * (lib/pseudonym.ts, a one-way function of the member's id), the same that replaces them in the audit
 * trail. A restore re-applies the erasures recorded since the backup it loads (ops/restore.ts).
 */
export const memberErasures = pgTable("member_erasures", {
  pseudonym: uuid("pseudonym").primaryKey(),
  churchId: uuid("church_id")
    .notNull()
    .references(() => churches.id, { onDelete: "cascade" }),
  /** Who asked: the member themself (`member`), an admin on their request (`admin`), or the retention job (`retention`). */
  source: text("source").notNull(),
  erasedAt: ts("erased_at").notNull().defaultNow(),
});
