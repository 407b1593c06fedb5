ALTER TABLE "users" ADD COLUMN "tours_done" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- People already in a church when this arrives had their tours and welcome in their browsers' storage: they are not shown them again.
UPDATE "users" SET "tours_done" = '{welcome,admin-welcome}'::text[] WHERE "church_id" IS NOT NULL;
