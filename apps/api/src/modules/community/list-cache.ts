import { createReplyCache } from '../../lib/reply-cache';

/**
 * The thread lists and category counts, kept in memory for a few seconds. They are the same for every reader
 * (hidden threads are left out for everyone), and each one needs a count over the whole table, so the front
 * page is read from here rather than from PostgreSQL.
 *
 * Every community write forgets them all at once on every instance, so a writer sees their post in the next
 * list. An entry older than LIST_CACHE_MAX_AGE_MS is still answered for LIST_CACHE_STALE_MS more while one
 * reload runs in the background; a write made while Redis is unreachable shows within MAX_AGE + STALE.
 */
export const LIST_CACHE_MAX_AGE_MS = 5_000;
export const LIST_CACHE_STALE_MS = 5_000;

export const communityLists = createReplyCache<unknown>({
  freshMs: LIST_CACHE_MAX_AGE_MS,
  staleUntilMs: LIST_CACHE_MAX_AGE_MS + LIST_CACHE_STALE_MS,
  shareAs: 'community.lists',
});
