ALTER TABLE "churches" ADD COLUMN "default_language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;