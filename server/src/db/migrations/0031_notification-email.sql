DROP TABLE "push_preferences" CASCADE;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_opened_at" timestamp with time zone;