import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { churches } from "./churches";
import { ts } from "./columns";

/**
 * The church's audit trail: every change an admin or the system made, append-only. The app's role may
 * insert and read these rows and nothing more (the migration revokes UPDATE, DELETE and TRUNCATE);
 * entries past the church's retention leave by the retention job only (lib/audit.ts).
 *
 * The actor's name is kept as it was at the change (an audit record does not move with later edits),
 * and neither the church nor the actor is a cascading reference: removing a row elsewhere never
 * rewrites an entry. `actorId` null is the system (a job, an import run by the app).
 */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: uuid("church_id")
      .notNull()
      .references(() => churches.id),
    actorId: uuid("actor_id"),
    actorFirstName: text("actor_first_name"),
    actorLastName: text("actor_last_name"),
    /** `area.verb`, lower case (common/audit.ts lists them). */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    /** `{field: [before, after]}`, secrets masked. */
    changes: jsonb("changes").$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    /** The address the change came from; null for the system. */
    ip: text("ip"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("audit_entries_church_idx").on(t.churchId, t.createdAt),
    index("audit_entries_church_action_idx").on(t.churchId, t.action, t.createdAt),
    /** Issue 30: the removals and leavings the removed members' retention reads, apart from the trail. */
    index("audit_entries_member_exit_idx")
      .on(t.targetId, t.createdAt)
      .where(sql`${t.action} in ('member.removed', 'member.left') and ${t.targetType} = 'member'`),
  ],
);
