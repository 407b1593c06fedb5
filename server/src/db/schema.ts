import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
/** The owning church: every church-owned row goes when its church goes. */
const churchRef = () =>
  uuid("church_id")
    .notNull()
    .references((): AnyPgColumn => churches.id, { onDelete: "cascade" });
const userRef = () =>
  uuid("user_id")
    .notNull()
    .references((): AnyPgColumn => users.id, { onDelete: "cascade" });

export const churches = pgTable(
  "churches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    address: text("address"),
    phone: text("phone"),
    email: text("email"),
    website: text("website"),
    logoUrl: text("logo_url"),
    brandColor: text("brand_color").notNull().default("#6366F1"),
    timeZone: text("time_zone").notNull(),
    /** Unguessable part of the church's public podcast and calendar feed addresses. */
    feedToken: text("feed_token")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("churches_feed_token_key").on(t.feedToken)],
);

/** Uploaded logos live with the church and are served from /api/churches/{id}/logo. */
export const churchLogos = pgTable("church_logos", {
  churchId: uuid("church_id")
    .primaryKey()
    .references(() => churches.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  etag: text("etag").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    oidcSubject: text("oidc_subject"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    bio: text("bio"),
    profileImageUrl: text("profile_image_url"),
    role: text("role").notNull().default("CONGREGANT"),
    churchId: uuid("church_id").references(() => churches.id, { onDelete: "set null" }),
    points: integer("points").notNull().default(0),
    lastLogin: ts("last_login"),
    lastActiveAt: ts("last_active_at"),
    /**
     * When the owner of `email` proved it by using something e-mailed to it (an invitation at
     * registration, a verification link, a password reset), or a provider that vouches for it
     * created the account. Single sign-on links only to a verified account.
     */
    emailVerifiedAt: ts("email_verified_at"),
    /**
     * How the address was proved: "mailbox" (a confirmation or reset link only the mailbox saw),
     * "provider" (single sign-on that vouches for it) or "invitation" (an invitation token, which the
     * church's admins saw too: enough to join, not enough to keep a password when SSO links).
     */
    emailProof: text("email_proof"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_oidc_subject_key").on(t.oidcSubject),
    index("users_church_idx").on(t.churchId),
  ],
);

/** Sessions: the cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: userRef(),
    createdAt: ts("created_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    email: text("email").notNull(),
    role: text("role").notNull(),
    /** SHA-256 of the token: the link is looked up by it. */
    tokenHash: text("token_hash").notNull(),
    /** The token encrypted under APP_SECRET, so an admin's "Copy Link" can show the link again. */
    tokenSealed: text("token_sealed"),
    /** Plain token of an invitation made before tokens were encrypted; sealed and cleared at start. */
    legacyToken: text("token"),
    isUsed: boolean("is_used").notNull().default(false),
    usedBy: uuid("used_by").references(() => users.id, { onDelete: "set null" }),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: ts("expires_at").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invitations_token_hash_key").on(t.tokenHash),
    index("invitations_invited_by_idx").on(t.invitedBy).where(sql`is_used = false`),
    index("invitations_church_idx").on(t.churchId, t.createdAt),
  ],
);

export const passwordResets = pgTable("password_resets", {
  tokenHash: text("token_hash").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
});

/**
 * Every invitation e-mail sent, kept when the invitation is deleted: a recipient gets at most 3 a
 * day whatever churches send them, and a church at most INVITATION_EMAILS_PER_DAY.
 */
export const invitationSends = pgTable(
  "invitation_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: uuid("church_id").references(() => churches.id, { onDelete: "set null" }),
    recipient: text("recipient").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("invitation_sends_recipient_idx").on(t.recipient, t.createdAt),
    index("invitation_sends_church_idx").on(t.churchId, t.createdAt),
  ],
);

/** E-mail verification links sent at registration without an invitation; only the hash is kept. */
export const emailVerifications = pgTable("email_verifications", {
  tokenHash: text("token_hash").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
});

/** Failed sign-ins per key ("email:..." or "ip:..."), kept in the database so every app process sees them. */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    failedAt: ts("failed_at").notNull().defaultNow(),
  },
  (t) => [index("sign_in_failures_key_idx").on(t.key, t.failedAt)],
);

export const signInLocks = pgTable("sign_in_locks", {
  key: text("key").primaryKey(),
  lockedUntil: ts("locked_until").notNull(),
});

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

/** Short-lived OpenID Connect sign-in state (PKCE verifier, nonce, invitation). */
export const oidcStates = pgTable("oidc_states", {
  state: text("state").primaryKey(),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  invitationToken: text("invitation_token"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const sermons = pgTable(
  "sermons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    title: text("title").notNull(),
    speaker: text("speaker").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    duration: integer("duration"),
    videoUrl: text("video_url"),
    audioUrl: text("audio_url"),
    notesUrl: text("notes_url"),
    series: text("series"),
    /** The passage preached on, e.g. "John 3:16-21". */
    scripture: text("scripture"),
    description: text("description"),
    notes: text("notes"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    viewCount: integer("view_count").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("sermons_church_date_idx").on(t.churchId, t.date, t.createdAt),
    index("sermons_church_speaker_idx").on(t.churchId, t.speaker),
  ],
);

/** One row per member per sermon per day: the view count counts each member once a day. */
export const sermonViews = pgTable(
  "sermon_views",
  {
    sermonId: uuid("sermon_id")
      .notNull()
      .references(() => sermons.id, { onDelete: "cascade" }),
    userId: userRef(),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [uniqueIndex("sermon_views_key").on(t.sermonId, t.userId, t.day)],
);

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
  ],
);

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
