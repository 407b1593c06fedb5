CREATE TABLE "email_verifications" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invitation_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"church_id" uuid,
	"recipient" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "invitations_token_key";--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "token" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "token_hash" text;--> statement-breakpoint
-- The same SHA-256 (base64url, unpadded) as server/src/lib/crypto.ts; the app seals the plain tokens at start.
UPDATE "invitations" SET "token_hash" = translate(rtrim(encode(sha256(convert_to("token", 'UTF8')), 'base64'), '='), '+/', '-_');--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "token_sealed" text;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "scripture" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_sends" ADD CONSTRAINT "invitation_sends_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_sends_recipient_idx" ON "invitation_sends" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "invitation_sends_church_idx" ON "invitation_sends" USING btree ("church_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_invited_by_idx" ON "invitations" USING btree ("invited_by") WHERE is_used = false;--> statement-breakpoint
-- Addresses already proved by an e-mailed invitation or a completed password reset.
UPDATE "users" SET "email_verified_at" = now() WHERE "id" IN (SELECT "used_by" FROM "invitations" WHERE "used_by" IS NOT NULL UNION SELECT "user_id" FROM "password_resets" WHERE "used_at" IS NOT NULL);--> statement-breakpoint
-- Invitations of the last day count towards the new sending limits.
INSERT INTO "invitation_sends" ("church_id", "recipient", "created_at") SELECT "church_id", "email", "created_at" FROM "invitations" WHERE "created_at" > now() - interval '1 day';