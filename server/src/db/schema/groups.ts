import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { churchRef } from "./churches";
import { ts } from "./columns";
import { userRef, users } from "./users";

/**
 * A small group (issue 27): a Bible study, youth group, prayer circle or serving team. Its words
 * (kind, join policy, visibility) are common/groups.ts's. An archived group (`archivedAt`) is gone
 * for members; its rows stay for the attendance history.
 */
export const groups = pgTable(
  "groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    name: text("name").notNull(),
    description: text("description"),
    /** bible_study | youth | prayer | serving | other */
    kind: text("kind").notNull(),
    /** 0 Sunday .. 6 Saturday, in the church's time zone; null: no regular day. */
    meetingDay: smallint("meeting_day"),
    /** "HH:MM" (24-hour) in the church's time zone. */
    meetingTime: text("meeting_time"),
    /** A place or an online link. */
    location: text("location"),
    /** Most members (leaders not counted); null: no limit. */
    capacity: integer("capacity"),
    /** open | request | invite */
    joinPolicy: text("join_policy").notNull().default("open"),
    /** listed | unlisted */
    visibility: text("visibility").notNull().default("listed"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    archivedAt: ts("archived_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("groups_church_idx").on(t.churchId, t.name, t.id),
    check("groups_kind_check", sql`${t.kind} in ('bible_study', 'youth', 'prayer', 'serving', 'other')`),
    check("groups_join_policy_check", sql`${t.joinPolicy} in ('open', 'request', 'invite')`),
    check("groups_visibility_check", sql`${t.visibility} in ('listed', 'unlisted')`),
    check("groups_meeting_day_check", sql`${t.meetingDay} between 0 and 6`),
    check("groups_capacity_check", sql`${t.capacity} > 0`),
  ],
);

/**
 * Who is in a group: `role` member or leader. A member of a group with a capacity holds a `seat`
 * (1..capacity), unique per group: under many joins at once the unique key decides who gets the
 * last seat, never a count read before the insert. Leaders hold no seat.
 */
export const groupMembers = pgTable(
  "group_members",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    churchId: churchRef(),
    userId: userRef(),
    /** member | leader */
    role: text("role").notNull().default("member"),
    seat: integer("seat"),
    joinedAt: ts("joined_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    uniqueIndex("group_members_seat_key").on(t.groupId, t.seat),
    index("group_members_user_idx").on(t.userId),
    check("group_members_role_check", sql`${t.role} in ('member', 'leader')`),
  ],
);

/** A member's request to join a group whose policy is "request"; gone once approved or declined. */
export const groupJoinRequests = pgTable(
  "group_join_requests",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    churchId: churchRef(),
    userId: userRef(),
    requestedAt: ts("requested_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

/** A post in a group's thread; a reply names its `parentId`. Hidden by a leader or admin: gone for members. */
export const groupPosts = pgTable(
  "group_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    churchId: churchRef(),
    /** Null once the author's account is deleted. */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    parentId: uuid("parent_id"),
    message: text("message").notNull(),
    hiddenAt: ts("hidden_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("group_posts_group_created_idx").on(t.groupId, t.createdAt, t.id),
    index("group_posts_parent_idx").on(t.parentId),
  ],
);

/**
 * A meeting of a group: materialised from the meeting pattern when attendance is first taken, or
 * added one by one by a leader. Unique per group and start, so the pattern's meeting and a
 * hand-added one at the same time are one.
 */
export const groupMeetings = pgTable(
  "group_meetings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    churchId: churchRef(),
    startsAt: ts("starts_at").notNull(),
    note: text("note"),
    /** When its members were reminded the day before (the reminder job's once-only marker). */
    remindedAt: ts("reminded_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("group_meetings_group_start_key").on(t.groupId, t.startsAt)],
);

/** Attendance at one meeting, a row per person marked; `present` false: marked absent. */
export const groupAttendance = pgTable(
  "group_attendance",
  {
    meetingId: uuid("meeting_id")
      .notNull()
      .references(() => groupMeetings.id, { onDelete: "cascade" }),
    churchId: churchRef(),
    userId: userRef(),
    present: boolean("present").notNull(),
    markedBy: uuid("marked_by").references(() => users.id, { onDelete: "set null" }),
    markedAt: ts("marked_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] }), index("group_attendance_user_idx").on(t.userId)],
);

/**
 * A prayer request shared with one group only (issue 27): members and leaders of the group see it,
 * admins may look; nobody else, and never on the church's prayer wall. An anonymous author is shown
 * to nobody, leaders and admins included (the rule of church prayer, common/prayer.ts).
 */
export const groupPrayers = pgTable(
  "group_prayers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    churchId: churchRef(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    answeredAt: ts("answered_at"),
    hiddenAt: ts("hidden_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("group_prayers_group_created_idx").on(t.groupId, t.createdAt, t.id)],
);

/** "I prayed" for a group prayer: once per member per request per day (church time zone). */
export const groupPrayerPrayed = pgTable(
  "group_prayer_prayed",
  {
    prayerId: uuid("prayer_id")
      .notNull()
      .references(() => groupPrayers.id, { onDelete: "cascade" }),
    churchId: churchRef(),
    userId: userRef(),
    day: date("day", { mode: "string" }).notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.prayerId, t.userId, t.day] })],
);
