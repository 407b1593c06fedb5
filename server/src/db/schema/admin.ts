import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
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
    description: text("description").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("activities_church_idx").on(t.churchId, t.createdAt)],
);
