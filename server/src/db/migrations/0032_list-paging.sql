DROP INDEX "invitations_church_idx";--> statement-breakpoint
CREATE INDEX "users_church_created_idx" ON "users" USING btree ("church_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invitations_church_idx" ON "invitations" USING btree ("church_id","created_at","id");