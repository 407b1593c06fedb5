ALTER TABLE "integrations" ADD COLUMN "paused_reason" text;--> statement-breakpoint
CREATE INDEX "invitation_sends_created_idx" ON "invitation_sends" USING btree ("created_at");