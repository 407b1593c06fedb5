CREATE TABLE "audit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"church_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_first_name" text,
	"actor_last_name" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "churches" ADD COLUMN "audit_retention_days" integer DEFAULT 730 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_church_idx" ON "audit_entries" USING btree ("church_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_entries_church_action_idx" ON "audit_entries" USING btree ("church_id","action","created_at");--> statement-breakpoint
-- Append-only for the app: its role (the table's owner) keeps INSERT and SELECT only. The retention
-- job (lib/audit.ts) lends itself DELETE inside one transaction to remove expired entries.
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_entries" FROM PUBLIC;--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_entries" FROM CURRENT_USER;
