import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { userRef, users } from "./users";

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

export const passwordResets = pgTable("password_resets", {
  tokenHash: text("token_hash").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
});

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

/** Short-lived OpenID Connect sign-in state (PKCE verifier, nonce, invitation). */
export const oidcStates = pgTable("oidc_states", {
  state: text("state").primaryKey(),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  invitationToken: text("invitation_token"),
  createdAt: ts("created_at").notNull().defaultNow(),
});
