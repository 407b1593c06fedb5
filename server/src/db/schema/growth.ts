import { boolean, date, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { churchRef } from "./churches";
import { bytea, ts } from "./columns";
import { users } from "./users";

/**
 * The church's weekly action step (spec 2 Growth settings): one per church and week, stored on the
 * Sunday that starts the week in the church's time zone. Completions are points-ledger rows
 * (kind `action_step`, key = the step's id).
 */
export const weeklyActionSteps = pgTable(
  "weekly_action_steps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    /** The Sunday (`YYYY-MM-DD`, church time zone) of the week it belongs to. */
    weekOf: date("week_of", { mode: "string" }).notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("weekly_action_steps_church_week_key").on(t.churchId, t.weekOf)],
);

/**
 * The week-start job's marker (issue 25 §3, server/src/lib/week-start.ts): the Sunday (church time
 * zone) of the last week whose start the job handled for the church (announcing the week's action
 * step, making the prayer-partner chain). One row per church, moved forward in the same transaction
 * as that work, so a week's start is handled once across restarts and processes.
 */
export const churchWeekStarts = pgTable("church_week_starts", {
  churchId: churchRef().primaryKey(),
  weekOf: date("week_of", { mode: "string" }).notNull(),
  handledAt: ts("handled_at").notNull().defaultNow(),
});

/**
 * Badges a member earned in their church, each once, with when (spec 1 §9, spec 2 §4). `badge` is a
 * key of BADGES in common/badges.ts; the server grants them when the action that earns one happens.
 */
export const userBadges = pgTable(
  "user_badges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    badge: text("badge").notNull(),
    earnedAt: ts("earned_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_badges_church_user_badge_key").on(t.churchId, t.userId, t.badge),
    index("user_badges_church_earned_idx").on(t.churchId, t.earnedAt),
  ],
);

/**
 * A member's onboarding journey in their church (spec 2 §4): when they began and finished it. The
 * steps themselves are points-ledger rows (kind `onboarding_step`, key = the step's id).
 */
export const onboardingProgress = pgTable(
  "onboarding_progress",
  {
    churchId: churchRef(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    onboardingType: text("onboarding_type").notNull().default("new_member"),
    startedAt: ts("started_at").notNull().defaultNow(),
    completedAt: ts("completed_at"),
  },
  (t) => [uniqueIndex("onboarding_progress_church_user_key").on(t.churchId, t.userId)],
);

/** A member's notification and prayer preferences (spec 2 §9); a missing row means the defaults. */
export const userPreferences = pgTable("user_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailNotifications: boolean("email_notifications").notNull().default(true),
  prayerReminders: boolean("prayer_reminders").notNull().default(true),
  sermonNotifications: boolean("sermon_notifications").notNull().default(true),
  eventNotifications: boolean("event_notifications").notNull().default(true),
  /** Five booleans (spec 2 §9 "prayerTopics"); null until the member sets them. */
  prayerTopics: jsonb("prayer_topics").$type<Record<string, boolean>>(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Uploaded profile pictures, served from /api/user/{id}/avatar (checked by content, like logos). */
export const userAvatars = pgTable("user_avatars", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  etag: text("etag").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
