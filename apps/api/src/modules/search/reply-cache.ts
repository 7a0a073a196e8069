import type { SearchResult } from '@learnbuild/domain/schemas/search';
import { followForget } from '../../lib/cluster-bus';
import { createReplyCache } from '../../lib/reply-cache';

/**
 * Searches answered in the last few seconds, kept in memory: a search is several trigram and full-text queries,
 * and the same words are asked again and again (a title being typed by many, a popular topic). What a search may
 * show depends only on who asks (signed out, signed in, admin), so the answer is shared by everyone of the same
 * kind of asker.
 *
 * The searched lists' own caches are forgotten by every write that changes what they show (a new or hidden thread,
 * a post published, a course unpublished, a problem edited), on every instance: the searches are forgotten with
 * them. What has no cache of its own (an admin's edit of a core-subject lesson, a new account) shows within
 * SEARCH_FRESH_MS + SEARCH_STALE_MS.
 */
export const SEARCH_FRESH_MS = 5_000;
export const SEARCH_STALE_MS = 5_000;

export const searchReplies = createReplyCache<SearchResult[]>({
  freshMs: SEARCH_FRESH_MS,
  staleUntilMs: SEARCH_FRESH_MS + SEARCH_STALE_MS,
  maxEntries: 5_000,
});

for (const name of ['community.lists', 'blog.public', 'courses.public', 'dsa.bank', 'seo.pages']) {
  followForget(name, (db: object) => searchReplies.forget(db));
}
