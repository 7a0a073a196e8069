CREATE INDEX "blog_posts_shown_at_idx" ON "blog_posts" USING btree (coalesce("published_at", "publish_at") desc nulls last,"id" desc);--> statement-breakpoint
CREATE INDEX "blog_posts_tags_idx" ON "blog_posts" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "blog_posts_search_idx" ON "blog_posts" USING gin (to_tsvector('english', "title" || ' ' || "excerpt" || ' ' || "body"));