import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("events_church_start_idx").on(t.churchId, t.startTime)],
);

export const eventAttendance = pgTable(
  "event_attendance",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: userRef(),
    isGoing: boolean("is_going").notNull().default(false),
    checkedInAt: ts("checked_in_at"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("event_attendance_key").on(t.eventId, t.userId), index("event_attendance_user_idx").on(t.userId)],
);
