import { and, eq, lte, sql } from 'drizzle-orm';
import { blogPosts } from '../../db/schema';
import type { ScheduledJob } from '../../jobs/registry';
import { blogReplies } from './public-cache';

/**
 * Makes scheduled posts whose time has come published in the table too, dated at their publish time, so every
 * list that reads the status (the feed, the sitemap, search) agrees. Readers see such a post on time already
 * (queries.ts visibleNow); this only writes down what has happened. Running it again changes nothing.
 */
export const publishScheduledPostsJob: ScheduledJob = {
  name: 'blog.publish-scheduled',
  description: 'Marks scheduled blog posts whose publish time has come as published',
  cron: '* * * * *',
  async run(app, now) {
    const published = await app.db
      .update(blogPosts)
      .set({ status: 'published', publishedAt: sql`${blogPosts.publishAt}` })
      .where(and(eq(blogPosts.status, 'scheduled'), lte(blogPosts.publishAt, now)))
      .returning({ id: blogPosts.id });
    if (published.length > 0) blogReplies.forget(app.db);
    return `${published.length} scheduled ${published.length === 1 ? 'post' : 'posts'} published`;
  },
};
