CREATE TABLE "church_week_starts" (
	"church_id" uuid PRIMARY KEY NOT NULL,
	"week_of" date NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "church_week_starts" ADD CONSTRAINT "church_week_starts_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;