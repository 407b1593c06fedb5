CREATE TABLE "integration_people" (
	"integration_id" uuid NOT NULL,
	"church_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"user_id" uuid,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"church_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"api_key_sealed" text NOT NULL,
	"key_last4" text NOT NULL,
	"webhook_url" text,
	"webhook_secret_sealed" text,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sync_status" text DEFAULT 'active' NOT NULL,
	"last_sync" timestamp with time zone,
	"last_error" text,
	"seen" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"cursor" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "sent_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "integration_people" ADD CONSTRAINT "integration_people_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_people" ADD CONSTRAINT "integration_people_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_people" ADD CONSTRAINT "integration_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_people_key" ON "integration_people" USING btree ("integration_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_church_platform_key" ON "integrations" USING btree ("church_id","platform");--> statement-breakpoint
CREATE INDEX "integrations_due_idx" ON "integrations" USING btree ("last_sync") WHERE "integrations"."is_active";--> statement-breakpoint
UPDATE "invitations" SET "sent_at" = "created_at";