CREATE TABLE "prayer_request_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"church_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"author_id" uuid,
	"from_author" boolean NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prayer_request_replies_author_check" CHECK (not ("prayer_request_replies"."from_author" and "prayer_request_replies"."author_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "prayer_request_replies" ADD CONSTRAINT "prayer_request_replies_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_request_replies" ADD CONSTRAINT "prayer_request_replies_request_id_prayer_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."prayer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_request_replies" ADD CONSTRAINT "prayer_request_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prayer_request_replies_request_idx" ON "prayer_request_replies" USING btree ("request_id","created_at","id");--> statement-breakpoint
CREATE INDEX "prayer_request_replies_author_idx" ON "prayer_request_replies" USING btree ("author_id");