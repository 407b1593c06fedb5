-- Outgoing mail moves to the job queue (graphile-worker, task "mail": server/src/lib/mail.ts).
-- Messages the old outbox had not sent yet become jobs, due when their next try was, with the
-- mailer's limit of tries; then the outbox goes (sent rows kept only the address and subject).
-- The queue's schema is installed before these migrations run (main.ts: migrateJobs).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "mail_outbox" WHERE "sent_at" IS NULL) THEN
    IF to_regnamespace('graphile_worker') IS NULL THEN
      RAISE EXCEPTION 'mail_outbox has unsent e-mails but the job queue is not installed: run migrateJobs (server/src/lib/jobs.ts) before these migrations';
    END IF;
    PERFORM graphile_worker.add_job(
      'mail',
      json_strip_nulls(json_build_object('to', "to", 'subject', "subject", 'text', "text", 'html', "html")),
      run_at => "next_attempt_at",
      max_attempts => 32767
    )
    FROM "mail_outbox" WHERE "sent_at" IS NULL ORDER BY "created_at";
  END IF;
END $$;
--> statement-breakpoint
DROP TABLE "mail_outbox" CASCADE;
