import { date, integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { churchRef } from "./churches";
import { ts } from "./columns";

/**
 * Issue 29: the weekly e-mail digest's bookkeeping, one row per church and week (`weekOf`, the
 * Sunday in the church's time zone of the week its digest moment fell in). The run goes through the
 * church's members in id order, 200 at a time; each batch queues its e-mails and moves `cursor` (the
 * last member it handled) in one transaction, so a restart or a second process carries on after the
 * last committed batch: nobody is lost, nobody gets it twice. `finishedAt` set: the week is done.
 */
export const digestRuns = pgTable(
  "digest_runs",
  {
    churchId: churchRef(),
    weekOf: date("week_of", { mode: "string" }).notNull(),
    /** The digest moment (the church's day and time) this run is for. */
    dueAt: ts("due_at").notNull(),
    /** When the run began: every batch reads "the last 7 days" and "the next 7 days" from here. */
    startedAt: ts("started_at").notNull().defaultNow(),
    /** The last member handled (ids in order); null before the first batch. No foreign key: only a place in the order. */
    cursor: uuid("cursor"),
    /** Digests queued and members passed over (nothing new, or they turned it off). */
    sentCount: integer("sent_count").notNull().default(0),
    skippedCount: integer("skipped_count").notNull().default(0),
    finishedAt: ts("finished_at"),
  },
  (t) => [primaryKey({ columns: [t.churchId, t.weekOf] })],
);
