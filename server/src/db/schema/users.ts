import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { churches } from "./churches";
import { ts } from "./columns";

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
    /** When the member joined `churchId` (the prayer chain takes members from the week after). */
    churchJoinedAt: ts("church_joined_at"),
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
    /** The tours and welcomes this person finished or dismissed ("welcome", "admin-welcome"): kept here, not in one browser. */
    /** The language this person chose on their profile (common/i18n/locales.ts); null: the church's, else the browser's. */
    language: text("language"),
    /** Issue 27: optional contact details, each shown only to the audience in `privacy`. */
    phone: text("phone"),
    /** "MM-DD" or "YYYY-MM-DD" (the year is optional). */
    birthday: text("birthday"),
    address: text("address"),
    /** Who sees each field (common/directory.ts PRIVACY_FIELDS → audience); a missing field: its default. */
    privacy: jsonb("privacy").notNull().default(sql`'{}'::jsonb`),
    /** Hidden from the member directory entirely (still in their groups' rosters). */
    directoryHidden: boolean("directory_hidden").notNull().default(false),
    toursDone: text("tours_done").array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_oidc_subject_key").on(t.oidcSubject),
    index("users_church_idx").on(t.churchId),
    /** The admins' member list pages on it (issue 30): oldest first, by id among equals. */
    index("users_church_created_idx").on(t.churchId, t.createdAt, t.id),
  ],
);

export const userRef = () =>
  uuid("user_id")
    .notNull()
    .references((): AnyPgColumn => users.id, { onDelete: "cascade" });
