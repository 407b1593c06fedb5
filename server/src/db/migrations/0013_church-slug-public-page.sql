CREATE TABLE "invitation_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"church_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"outcome" text,
	"invitation_id" uuid
);
--> statement-breakpoint
ALTER TABLE "churches" ADD COLUMN "slug" text;--> statement-breakpoint
-- Backfill: each existing church gets a slug made from its name (as common/church-slug.ts makes them:
-- lower-case letters, digits and hyphens, 3-40 characters, not a reserved word), oldest church first,
-- with -2, -3... added on a collision.
DO $$
DECLARE
  r record;
  base text;
  candidate text;
  n int;
BEGIN
  FOR r IN SELECT id, name FROM churches ORDER BY created_at, id LOOP
    base := trim(both '-' from regexp_replace(lower(r.name), '[^a-z0-9]+', '-', 'g'));
    base := trim(both '-' from left(base, 40));
    IF length(base) < 3 THEN base := 'church'; END IF;
    IF base IN ('admin', 'api', 'app', 'assets', 'auth', 'c', 'churches', 'dashboard', 'help',
      'invite', 'join', 'login', 'logout', 'new', 'public', 'register', 'settings', 'setup', 'signin',
      'signup', 'static', 'support', 'www') THEN
      base := left(base || '-church', 40);
    END IF;
    candidate := base;
    n := 1;
    WHILE EXISTS (SELECT 1 FROM churches WHERE slug = candidate) LOOP
      n := n + 1;
      candidate := trim(both '-' from left(base, 40 - length(n::text) - 1)) || '-' || n;
    END LOOP;
    UPDATE churches SET slug = candidate WHERE id = r.id;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "churches" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "churches" ADD COLUMN "public_page" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invitation_requests" ADD CONSTRAINT "invitation_requests_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_requests" ADD CONSTRAINT "invitation_requests_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_requests_church_idx" ON "invitation_requests" USING btree ("church_id","created_at");--> statement-breakpoint
CREATE INDEX "invitation_requests_email_idx" ON "invitation_requests" USING btree ("email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "churches_slug_key" ON "churches" USING btree ("slug");