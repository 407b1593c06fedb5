import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { churchRef } from "./churches";
import { ts } from "./columns";
import { sermons } from "./sermons";
import { userRef } from "./users";

export const sermonHighlights = pgTable(
  "sermon_highlights",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    sermonId: uuid("sermon_id")
      .notNull()
      .references(() => sermons.id, { onDelete: "cascade" }),
    userId: userRef(),
    timestamp: integer("timestamp").notNull(),
    text: text("text").notNull(),
    note: text("note"),
    isShared: boolean("is_shared").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("sermon_highlights_sermon_idx").on(t.sermonId, t.createdAt)],
);

/** Who shared a highlight with the church; shareCount is the number of members who did. */
export const highlightShares = pgTable(
  "highlight_shares",
  {
    highlightId: uuid("highlight_id")
      .notNull()
      .references(() => sermonHighlights.id, { onDelete: "cascade" }),
    userId: userRef(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("highlight_shares_key").on(t.highlightId, t.userId)],
);
