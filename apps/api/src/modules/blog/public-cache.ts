import { createReplyCache } from '../../lib/reply-cache';

/**
 * What every reader of the blog asks (the list pages, the tags, a post as an anonymous visitor sees it,
 * the feed and the sitemap) as ready text. Fresh for 2 s: about how late a scheduled post may appear after
 * its time, or a change made while Redis is unreachable (a busy reply is refreshed in the background, up to
 * 10 s old); every blog write drops it all at once on every instance.
 */
export const BLOG_CACHE_MAX_AGE_MS = 2_000;

export const blogReplies = createReplyCache({
  freshMs: BLOG_CACHE_MAX_AGE_MS,
  staleUntilMs: 10_000,
  shareAs: 'blog.public',
});
