import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { churchRef } from "./churches";
import { ts } from "./columns";
import { userRef, users } from "./users";

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    location: text("location").notNull(),
    startTime: ts("start_time").notNull(),
    endTime: ts("end_time").notNull(),
    streamUrl: text("stream_url"),
    /** An RFC 5545 RRULE (WEEKLY or MONTHLY, without the "RRULE:" prefix), expanded in the church's zone; null: once. */
    recurrence: text("recurrence"),
    /** "Regular service": a repeating event listed under service times on the public page. */
    isService: boolean("is_service").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("events_church_start_idx").on(t.churchId, t.startTime),
    /** Issue 30: the single events not over yet (upcoming lists, a window's events) without the past ones. */
    index("events_church_end_idx").on(t.churchId, t.endTime),
    /** Issue 30: the repeating events, found apart from the church's many single ones. */
    index("events_church_series_idx").on(t.churchId, t.startTime).where(sql`${t.recurrence} is not null`),
  ],
);

export const eventAttendance = pgTable(
  "event_attendance",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: userRef(),
    /** The occurrence of a repeating event (its start by the rule, even when moved); null for a single event. */
    occurrenceStart: ts("occurrence_start"),
    isGoing: boolean("is_going").notNull().default(false),
    checkedInAt: ts("checked_in_at"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // One answer per member and occurrence; a single event's null occurrence is one value too.
    unique("event_attendance_key").on(t.eventId, t.userId, t.occurrenceStart).nullsNotDistinct(),
    index("event_attendance_user_idx").on(t.userId),
  ],
);

/**
 * One occurrence of a repeating event changed or cancelled (an iCalendar RECURRENCE-ID / EXDATE):
 * `occurrenceStart` is its start by the rule; the other columns, when set, replace the series' values.
 */
export const eventOccurrenceChanges = pgTable(
  "event_occurrence_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    occurrenceStart: ts("occurrence_start").notNull(),
    isCancelled: boolean("is_cancelled").notNull().default(false),
    title: text("title"),
    description: text("description"),
    location: text("location"),
    startTime: ts("start_time"),
    endTime: ts("end_time"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    unique("event_occurrence_changes_key").on(t.eventId, t.occurrenceStart),
    index("event_occurrence_changes_church_idx").on(t.churchId),
  ],
);
