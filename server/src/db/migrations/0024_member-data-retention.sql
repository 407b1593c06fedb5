CREATE TABLE "member_erasures" (
	"pseudonym" uuid PRIMARY KEY NOT NULL,
	"church_id" uuid NOT NULL,
	"source" text NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "churches" ADD COLUMN "chat_retention_days" integer DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "churches" ADD COLUMN "notification_retention_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "churches" ADD COLUMN "removed_member_retention_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "churches" ADD COLUMN "privacy_contact" text;--> statement-breakpoint
ALTER TABLE "member_erasures" ADD CONSTRAINT "member_erasures_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;