CREATE TABLE "event_occurrence_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"church_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"occurrence_start" timestamp with time zone NOT NULL,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"title" text,
	"description" text,
	"location" text,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_occurrence_changes_key" UNIQUE("event_id","occurrence_start")
);
--> statement-breakpoint
DROP INDEX "event_attendance_key";--> statement-breakpoint
ALTER TABLE "event_attendance" ADD COLUMN "occurrence_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "recurrence" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "is_service" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_occurrence_changes" ADD CONSTRAINT "event_occurrence_changes_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_occurrence_changes" ADD CONSTRAINT "event_occurrence_changes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_occurrence_changes_church_idx" ON "event_occurrence_changes" USING btree ("church_id");--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_key" UNIQUE NULLS NOT DISTINCT("event_id","user_id","occurrence_start");