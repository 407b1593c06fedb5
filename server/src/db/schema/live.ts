import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { churchRef } from "./churches";
import { ts } from "./columns";
import { events } from "./events";
import { sermons } from "./sermons";
import { userRef, users } from "./users";

/**
 * A church's live stream (issue 10): started and stopped by an admin, at most one live (`endedAt`
 * null) per church. It marks an event, which members see at `GET /api/events/live` and whose id keys
 * the chat. Stopping with recording on and a URL links the sermon draft it made.
 */
export const liveStreams = pgTable(
  "live_streams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description"),
    streamUrl: text("stream_url"),
    chatEnabled: boolean("chat_enabled").notNull().default(true),
    recordingEnabled: boolean("recording_enabled").notNull().default(true),
    /** The stream made its event (rather than marking one already on): stopping ends the event too. */
    createdEvent: boolean("created_event").notNull().default(false),
    startedBy: uuid("started_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: ts("started_at").notNull().defaultNow(),
    endedAt: ts("ended_at"),
    peakViewers: integer("peak_viewers").notNull().default(0),
    /**
     * Chat messages the retention job removed (issue 28, features/live/live-retention.ts): the stream's
     * message count is its rows plus these, so it stays true after the messages leave.
     */
    expiredMessageCount: integer("expired_message_count").notNull().default(0),
    sermonId: uuid("sermon_id").references(() => sermons.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("live_streams_one_live").on(t.churchId).where(sql`${t.endedAt} is null`),
    index("live_streams_church_started_idx").on(t.churchId, t.startedAt),
    index("live_streams_event_idx").on(t.eventId),
  ],
);

/** A live chat message; a moderator's delete keeps the row (for the count) but hides it from everyone. */
export const liveChatMessages = pgTable(
  "live_chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    streamId: uuid("stream_id")
      .notNull()
      .references(() => liveStreams.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    messageType: text("message_type").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    deletedAt: ts("deleted_at"),
    deletedBy: uuid("deleted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("live_chat_messages_event_created_idx").on(t.eventId, t.createdAt),
    index("live_chat_messages_stream_idx").on(t.streamId),
    index("live_chat_messages_user_created_idx").on(t.userId, t.createdAt),
    /** Issue 30: the retention job's old rows, church by church. */
    index("live_chat_messages_church_created_idx").on(t.churchId, t.createdAt),
  ],
);

/** Members an admin chose to keep the church's chat kind: they may delete messages. */
export const liveModerators = pgTable(
  "live_moderators",
  {
    churchId: churchRef(),
    userId: userRef(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.churchId, t.userId] })],
);

/**
 * Each app process's viewers per live event, written every few seconds: the church's viewer count is
 * the sum of the rows seen lately, so a process that dies leaves the count once its row goes stale.
 */
export const liveViewerCounts = pgTable(
  "live_viewer_counts",
  {
    instanceId: text("instance_id").notNull(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    churchId: churchRef(),
    viewers: integer("viewers").notNull(),
    seenAt: ts("seen_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.eventId] }), index("live_viewer_counts_event_idx").on(t.eventId)],
);
