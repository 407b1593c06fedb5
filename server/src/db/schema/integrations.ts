import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { churchRef } from "./churches";
import { ts } from "./columns";
import { users } from "./users";

/**
 * A church's connection to a provider (spec 2 §3 "Integration", issue 12): Planning Center, Church
 * Community Builder or Mailchimp, one of each per church. Credentials are sealed with the app secret
 * (SecretBox) and never answered in full: `keyLast4` is all a response shows. `webhookSecretSealed`
 * signs the webhook's POSTs.
 */
export const integrations = pgTable(
  "integrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    churchId: churchRef(),
    platform: text("platform").notNull(),
    apiKeySealed: text("api_key_sealed").notNull(),
    keyLast4: text("key_last4").notNull(),
    webhookUrl: text("webhook_url"),
    webhookSecretSealed: text("webhook_secret_sealed"),
    /** Provider settings the admin chose (Mailchimp audience, CCB subdomain, ...); never a secret. */
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean("is_active").notNull().default(true),
    /**
     * Why it was turned off for the admins to review (the admin who connected it was removed or
     * demoted); null when on, or turned off by hand. Turning it on clears it.
     */
    pausedReason: text("paused_reason"),
    /** active | syncing | error | needs_key (the key no longer opens under the app secret). */
    syncStatus: text("sync_status").notNull().default("active"),
    lastSync: ts("last_sync"),
    lastError: text("last_error"),
    /** The last (or running) sync's figures: seen, added, updated, skipped. */
    seen: integer("seen").notNull().default(0),
    added: integer("added").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    /** Where a provider's paging or `modified_since` left off, so a sync resumes after a restart. */
    cursor: jsonb("cursor").$type<Record<string, unknown>>(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("integrations_church_platform_key").on(t.churchId, t.platform),
    index("integrations_due_idx").on(t.lastSync).where(sql`${t.isActive}`),
  ],
);

/** A provider's person as last seen by a sync: its external id, e-mail and the member or invitation it became. */
export const integrationPeople = pgTable(
  "integration_people",
  {
    integrationId: uuid("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    churchId: churchRef(),
    externalId: text("external_id").notNull(),
    email: text("email"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    seenAt: ts("seen_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("integration_people_key").on(t.integrationId, t.externalId)],
);
