import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { churchRef } from "./churches";
import { ts } from "./columns";
import { userRef, users } from "./users";

export const sermons = pgTable(
  "sermons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    title: text("title").notNull(),
    speaker: text("speaker").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    duration: integer("duration"),
    videoUrl: text("video_url"),
    audioUrl: text("audio_url"),
    notesUrl: text("notes_url"),
    series: text("series"),
    /** The passage preached on, e.g. "John 3:16-21". */
    scripture: text("scripture"),
    description: text("description"),
    notes: text("notes"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    viewCount: integer("view_count").notNull().default(0),
    /** A draft (a stopped live stream's recording) is seen only by admins until one publishes it. */
    isDraft: boolean("is_draft").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("sermons_church_date_idx").on(t.churchId, t.date, t.createdAt),
    index("sermons_church_speaker_idx").on(t.churchId, t.speaker),
  ],
);

/** One row per member per sermon per day: the view count counts each member once a day. */
export const sermonViews = pgTable(
  "sermon_views",
  {
    sermonId: uuid("sermon_id")
      .notNull()
      .references(() => sermons.id, { onDelete: "cascade" }),
    userId: userRef(),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [uniqueIndex("sermon_views_key").on(t.sermonId, t.userId, t.day)],
);
