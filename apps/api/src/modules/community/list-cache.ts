/**
 * The thread lists and category counts, kept in memory for a few seconds (DESIGN: cache is the only state an
 * instance keeps). They are the same for every reader (hidden threads are left out for everyone), and each one
 * needs a count over the whole table, so the front page is read from here rather than from PostgreSQL.
 *
 * Every community write on this instance forgets them all at once, so a writer sees their post in the
 * next list; a write on another instance shows here after LIST_CACHE_MAX_AGE_MS at the latest. Concurrent
 * readers of a missing entry share one load; a load that fails is not kept.
 */
export const LIST_CACHE_MAX_AGE_MS = 5_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  storedAt: number;
  reply: Promise<unknown>;
}

/** One cache per database (tests run several apps in one process). */
const caches = new WeakMap<object, Map<string, Entry>>();

function cacheFor(db: object): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

export function cachedList<T>(db: object, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const cache = cacheFor(db);
  const hit = cache.get(key);
  if (hit && now - hit.storedAt < LIST_CACHE_MAX_AGE_MS) return hit.reply as Promise<T>;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const reply = load();
  const entry = { storedAt: now, reply };
  cache.set(key, entry);
  reply.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return reply;
}

/** After any community write: the next read of every list goes to the database. */
export function forgetLists(db: object): void {
  caches.get(db)?.clear();
}
