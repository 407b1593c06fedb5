-- Full-text search (issue 24): one stored tsvector per searchable table, with a GIN index. The
-- title is weighted A, names and places B, the body C; 'simple' (no stemming, no stop words) so
-- that a church writing in any language is matched alike. The columns are not in the Drizzle
-- schema on purpose (lists read rows with select() and need not carry the vectors); the search
-- repository (server/src/features/search/search.repo.ts) reads them by name.
ALTER TABLE "sermons" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', coalesce("title", '')), 'A')
  || setweight(to_tsvector('simple', coalesce("speaker", '') || ' ' || coalesce("series", '') || ' ' || coalesce("scripture", '')), 'B')
  || setweight(to_tsvector('simple', coalesce("description", '') || ' ' || coalesce("notes", '')), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "sermons_search_idx" ON "sermons" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', coalesce("title", '')), 'A')
  || setweight(to_tsvector('simple', coalesce("location", '')), 'B')
  || setweight(to_tsvector('simple', coalesce("description", '')), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "prayer_requests" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', coalesce("title", '')), 'A')
  || setweight(to_tsvector('simple', coalesce("description", '')), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "prayer_requests_search_idx" ON "prayer_requests" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "kudos" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', coalesce("title", '')), 'A')
  || setweight(to_tsvector('simple', coalesce("message", '')), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "kudos_search_idx" ON "kudos" USING gin ("search_vector");
