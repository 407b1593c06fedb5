import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { churches, churchRef } from "./churches";
import { ts } from "./columns";
import { users } from "./users";

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
    /**
     * When its e-mail was sent; null while it waits for the admin's review (made by a member import
     * or an integration's sync: nothing is e-mailed without the admin's say). Rows made before
     * migration 0010 count as sent when they were made.
     */
    sentAt: ts("sent_at").defaultNow(),
    /** Where it came from: manual, import, planning_center, church_community_builder. */
    source: text("source").notNull().default("manual"),
    /** The person's name as the import or the provider gave it, to greet them and fill the sign-up form. */
    firstName: text("first_name"),
    lastName: text("last_name"),
  },
  (t) => [
    uniqueIndex("invitations_token_hash_key").on(t.tokenHash),
    index("invitations_invited_by_idx").on(t.invitedBy).where(sql`is_used = false`),
    /** The invitations list pages on it (issue 30): newest first, by id among equals. */
    index("invitations_church_idx").on(t.churchId, t.createdAt, t.id),
  ],
);

/**
 * Every invitation e-mail sent, kept when the invitation is deleted: a recipient gets at most 3 a
 * day whatever churches send them, a church at most INVITATION_EMAILS_PER_DAY, the whole install at
 * most INVITATION_EMAILS_PER_DAY_TOTAL, and a church whose sending admin has not confirmed their
 * address at most UNCONFIRMED_ADMIN_INVITATION_EMAILS in all.
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
    index("invitation_sends_created_idx").on(t.createdAt),
  ],
);

/**
 * "Request an invitation" from the church's public page: no account needed; admins see them on the
 * Invitations page and invite (a normal invitation, under every sending limit) or dismiss.
 */
export const invitationRequests = pgTable(
  "invitation_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message"),
    createdAt: ts("created_at").notNull().defaultNow(),
    /** When an admin invited or dismissed it; open requests have null. */
    handledAt: ts("handled_at"),
    /** "invited" or "dismissed" once handled. */
    outcome: text("outcome"),
    invitationId: uuid("invitation_id").references(() => invitations.id, { onDelete: "set null" }),
  },
  (t) => [
    index("invitation_requests_church_idx").on(t.churchId, t.createdAt),
    index("invitation_requests_email_idx").on(t.email, t.createdAt),
  ],
);
