DROP INDEX "courses_status_published_idx";--> statement-breakpoint
DROP INDEX "courses_status_enrolled_idx";--> statement-breakpoint
CREATE INDEX "courses_status_published_idx" ON "courses" USING btree ("status","published_at","id");--> statement-breakpoint
CREATE INDEX "courses_status_enrolled_idx" ON "courses" USING btree ("status","enrolled_count","id");--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION course_search_text(title text, subtitle text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT title || ' ' || subtitle || ' ' || array_to_string(tags, ' ') $$;--> statement-breakpoint
CREATE INDEX "courses_search_trgm_idx" ON "courses" USING gin (course_search_text("title", "subtitle", "tags") gin_trgm_ops);
