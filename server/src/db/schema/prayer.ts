import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { churchRef } from "./churches";
import { ts } from "./columns";
import { groupPrayers } from "./groups";
import { userRef, users } from "./users";

/**
 * A prayer request (spec 1 §2.11). `authorId` is kept so the author can mark it answered and see it
 * as theirs, but for an anonymous request it never leaves the server: no response, list, count or
 * activity line names or identifies its author (issue 9). Hidden requests are gone for members but
 * their author, who is told an admin hid it. `visibility` "leaders" (issue 24) keeps a request to the
 * church's admins and its author: members, group leaders included, never see or hear of it.
 */
export const prayerRequests = pgTable(
  "prayer_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    /** church | leaders (common/prayer.ts PRAYER_VISIBILITIES) */
    visibility: text("visibility").notNull().default("church"),
    answeredAt: ts("answered_at"),
    answerNote: text("answer_note"),
    hiddenAt: ts("hidden_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("prayer_requests_church_created_idx").on(t.churchId, t.createdAt, t.id),
    index("prayer_requests_author_idx").on(t.authorId),
    check("prayer_requests_visibility_check", sql`${t.visibility} in ('church', 'leaders')`),
  ],
);

/** "I prayed": once per member per request per day (`day` in the church's time zone). */
export const prayerRequestPrayers = pgTable(
  "prayer_request_prayers",
  {
    requestId: uuid("request_id")
      .notNull()
      .references(() => prayerRequests.id, { onDelete: "cascade" }),
    churchId: churchRef(),
    userId: userRef(),
    day: date("day", { mode: "string" }).notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("prayer_request_prayers_key").on(t.requestId, t.userId, t.day)],
);

/**
 * The week's prayer-partner chain (DESIGN.md): one random cycle of the church's active members, made
 * on first need; the unique (church, week) lets exactly one of any number of concurrent first
 * requests make it. A week with fewer than 2 members has no row.
 */
export const prayerChains = pgTable(
  "prayer_chains",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    /** The Sunday (`YYYY-MM-DD`, church time zone) that starts the week. */
    weekStart: date("week_start", { mode: "string" }).notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("prayer_chains_church_week_key").on(t.churchId, t.weekStart)],
);

/** One link of a week's chain: `userId` prays for `partnerId` (the next member of the cycle). */
export const prayerChainLinks = pgTable(
  "prayer_chain_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chainId: uuid("chain_id")
      .notNull()
      .references(() => prayerChains.id, { onDelete: "cascade" }),
    churchId: churchRef(),
    userId: userRef(),
    /** Null once the partner's account is deleted: the member then prays for the next in the cycle. */
    partnerId: uuid("partner_id").references(() => users.id, { onDelete: "set null" }),
    position: integer("position").notNull(),
  },
  (t) => [
    uniqueIndex("prayer_chain_links_chain_user_key").on(t.chainId, t.userId),
    index("prayer_chain_links_church_user_idx").on(t.churchId, t.userId),
  ],
);

/**
 * Issue 28: a private thread on a prayer request between its author and the church's pastors (its
 * admins). A pastor's reply names the pastor (`authorId`, a plain foreign key an erasure can re-key);
 * a reply the request's author wrote stores NO author at all (`authorId` null, `fromAuthor` true), so
 * nothing but the request row itself ties the author to their words. Replies go with their request.
 */
export const prayerRequestReplies = pgTable(
  "prayer_request_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    /** The church's prayer request the thread is on; or, instead, `groupPrayerId`: a group's (exactly one is set). */
    requestId: uuid("request_id").references(() => prayerRequests.id, { onDelete: "cascade" }),
    groupPrayerId: uuid("group_prayer_id").references(() => groupPrayers.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    fromAuthor: boolean("from_author").notNull(),
    message: text("message").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("prayer_request_replies_request_idx").on(t.requestId, t.createdAt, t.id),
    index("prayer_request_replies_author_idx").on(t.authorId),
    check("prayer_request_replies_author_check", sql`not (${t.fromAuthor} and ${t.authorId} is not null)`),
    index("prayer_request_replies_group_prayer_idx").on(t.groupPrayerId, t.createdAt, t.id),
    check("prayer_request_replies_one_request_check", sql`(${t.requestId} is null) <> (${t.groupPrayerId} is null)`),
  ],
);
