import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { churchRef } from "./churches";
import { ts } from "./columns";
import { users } from "./users";

/** The church's recent activity feed (admin dashboard). */
export const activities = pgTable(
  "activities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    /** The line in English, as written (the church export's, and the words of a line without `message`). */
    description: text("description").notNull(),
    /**
     * The line as a catalogue message (`activity` namespace) and its values, worded when read in the
     * reader's language (issue 26); null on lines written before.
     */
    message: jsonb("message").$type<{ key: string; values: Record<string, string | number | null> }>(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("activities_church_idx").on(t.churchId, t.createdAt)],
);
