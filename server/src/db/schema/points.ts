import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { churchRef } from "./churches";
import { ts } from "./columns";
import { userRef } from "./users";

/**
 * Every point a member earns, one row per award. The unique (church, user, kind, key) makes each award
 * idempotent: a repeat or a race inserts nothing and pays nothing (DESIGN.md rule 4).
 */
export const pointsLedger = pgTable(
  "points_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    userId: userRef(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    points: integer("points").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    // Per church: a member who moves to another church starts there from zero; the old church
    // keeps its history, and a repeat of the same award in the new church is a new award.
    uniqueIndex("points_ledger_church_award_key").on(t.churchId, t.userId, t.kind, t.key),
    index("points_ledger_church_user_kind_idx").on(t.churchId, t.userId, t.kind),
    // Growth analytics: a church's awards week by week.
    index("points_ledger_church_created_idx").on(t.churchId, t.createdAt),
  ],
);
