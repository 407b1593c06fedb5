ALTER TABLE "users" ADD COLUMN "email_proof" text;--> statement-breakpoint
-- How addresses confirmed by 0002 were proved: a completed reset is the mailbox's; an invitation alone is weaker.
UPDATE "users" SET "email_proof" = CASE WHEN "id" IN (SELECT "user_id" FROM "password_resets" WHERE "used_at" IS NOT NULL) THEN 'mailbox' ELSE 'invitation' END WHERE "email_verified_at" IS NOT NULL AND "email_proof" IS NULL;--> statement-breakpoint
-- E-mails sent before bodies were dropped after sending still held live links (tokens).
UPDATE "mail_outbox" SET "text" = '', "html" = NULL WHERE "sent_at" IS NOT NULL;
