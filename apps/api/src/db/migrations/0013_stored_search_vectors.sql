DROP INDEX "blog_posts_search_idx";--> statement-breakpoint
DROP INDEX "community_threads_search_idx";--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', title || ' ' || excerpt || ' ' || body)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "community_threads" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', title || ' ' || body)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "blog_posts_search_idx" ON "blog_posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "community_threads_search_idx" ON "community_threads" USING gin ("search_vector");