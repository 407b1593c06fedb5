CREATE TABLE "prayer_chain_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" uuid NOT NULL,
	"church_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" uuid,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prayer_chains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"church_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prayer_request_prayers" (
	"request_id" uuid NOT NULL,
	"church_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prayer_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"church_id" uuid NOT NULL,
	"author_id" uuid,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone,
	"answer_note" text,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "church_joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prayer_chain_links" ADD CONSTRAINT "prayer_chain_links_chain_id_prayer_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."prayer_chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_chain_links" ADD CONSTRAINT "prayer_chain_links_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_chain_links" ADD CONSTRAINT "prayer_chain_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_chain_links" ADD CONSTRAINT "prayer_chain_links_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_chains" ADD CONSTRAINT "prayer_chains_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_request_prayers" ADD CONSTRAINT "prayer_request_prayers_request_id_prayer_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."prayer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_request_prayers" ADD CONSTRAINT "prayer_request_prayers_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_request_prayers" ADD CONSTRAINT "prayer_request_prayers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_requests" ADD CONSTRAINT "prayer_requests_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_requests" ADD CONSTRAINT "prayer_requests_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prayer_chain_links_chain_user_key" ON "prayer_chain_links" USING btree ("chain_id","user_id");--> statement-breakpoint
CREATE INDEX "prayer_chain_links_church_user_idx" ON "prayer_chain_links" USING btree ("church_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prayer_chains_church_week_key" ON "prayer_chains" USING btree ("church_id","week_start");--> statement-breakpoint
CREATE UNIQUE INDEX "prayer_request_prayers_key" ON "prayer_request_prayers" USING btree ("request_id","user_id","day");--> statement-breakpoint
CREATE INDEX "prayer_requests_church_created_idx" ON "prayer_requests" USING btree ("church_id","created_at","id");--> statement-breakpoint
CREATE INDEX "prayer_requests_author_idx" ON "prayer_requests" USING btree ("author_id");--> statement-breakpoint
UPDATE "users" SET "church_joined_at" = "created_at" WHERE "church_id" IS NOT NULL;