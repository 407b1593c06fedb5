CREATE TABLE "notification_channels" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"channels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quiet_from" text,
	"quiet_to" text,
	"digest" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "churches" ADD COLUMN "email_fallback_hours" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "churches" ADD COLUMN "digest_day" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "churches" ADD COLUMN "digest_time" text DEFAULT '17:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_state" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_channels" ADD CONSTRAINT "notification_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."email_state" is null;--> statement-breakpoint
-- Notifications from before issue 29 never go by e-mail.
UPDATE "notifications" SET "email_state" = 'skipped';--> statement-breakpoint
-- The push preferences of before (spec 2 §3) become the push of the new channels; live streams were
-- "events" already in the new kinds, so their own switch gives way to the events one.
INSERT INTO "notification_channels" ("user_id", "channels", "updated_at")
SELECT "user_id", jsonb_build_object(
  'announcements', jsonb_build_object('push', "announcements"),
  'events', jsonb_build_object('push', "events"),
  'sermons', jsonb_build_object('push', "sermons"),
  'prayer', jsonb_build_object('push', "prayer_requests")), "updated_at"
FROM "push_preferences" ON CONFLICT DO NOTHING;
