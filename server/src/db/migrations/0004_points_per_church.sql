DROP INDEX "points_ledger_award_key";--> statement-breakpoint
DROP INDEX "points_ledger_user_kind_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_church_award_key" ON "points_ledger" USING btree ("church_id","user_id","kind","key");--> statement-breakpoint
CREATE INDEX "points_ledger_church_user_kind_idx" ON "points_ledger" USING btree ("church_id","user_id","kind");--> statement-breakpoint
-- A member's running total is what they earned in the church they belong to now.
UPDATE "users" u SET "points" = coalesce((SELECT sum(l."points") FROM "points_ledger" l WHERE l."user_id" = u."id" AND l."church_id" = u."church_id"), 0);
