/**
 * The thread lists and category counts, kept in memory for a few seconds (DESIGN: cache is the only state an
 * instance keeps). They are the same for every reader (hidden threads are left out for everyone), and each one
 * needs a count over the whole table, so the front page is read from here rather than from PostgreSQL.
 *
 * Every community write on this instance forgets them all at once, so a writer sees their post in the
 * next list. An entry older than LIST_CACHE_MAX_AGE_MS is still answered for LIST_CACHE_STALE_MS more while
 * one reload runs in the background, so readers never queue behind a reload; a write on another instance
 * therefore shows here within MAX_AGE + STALE at the latest. Concurrent readers of a missing entry share one
 * load; a load that fails is not kept.
 */
export const LIST_CACHE_MAX_AGE_MS = 5_000;
export const LIST_CACHE_STALE_MS = 5_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  storedAt: number;
  reply: Promise<unknown>;
  /** Set once the reply is there: only a finished reply is answered while stale. */
  ready: boolean;
  reloading: boolean;
}

interface Cache {
  entries: Map<string, Entry>;
  /** Counts the forgets: a background reload that began before one is not kept. */
  generation: number;
}

/** One cache per database (tests run several apps in one process). */
const caches = new WeakMap<object, Cache>();

function cacheFor(db: object): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), generation: 0 };
    caches.set(db, cache);
  }
  return cache;
}

function store<T>(cache: Cache, key: string, reply: Promise<T>, now: number): Entry {
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
  const entry: Entry = { storedAt: now, reply, ready: false, reloading: false };
  cache.entries.set(key, entry);
  reply.then(
    () => {
      entry.ready = true;
    },
    () => {
      if (cache.entries.get(key) === entry) cache.entries.delete(key);
    },
  );
  return entry;
}

export function cachedList<T>(db: object, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const cache = cacheFor(db);
  const hit = cache.entries.get(key);
  const age = hit ? now - hit.storedAt : Number.POSITIVE_INFINITY;
  if (hit && (age < LIST_CACHE_MAX_AGE_MS || !hit.ready)) return hit.reply as Promise<T>;
  if (hit && age < LIST_CACHE_MAX_AGE_MS + LIST_CACHE_STALE_MS) {
    if (!hit.reloading) {
      hit.reloading = true;
      const generation = cache.generation;
      load().then(
        (reply) => {
          if (cache.generation === generation && cache.entries.get(key) === hit) {
            store(cache, key, Promise.resolve(reply), now).ready = true;
          }
        },
        () => {
          hit.reloading = false;
        },
      );
    }
    return hit.reply as Promise<T>;
  }
  return store(cache, key, load(), now).reply as Promise<T>;
}

/** After any community write: the next read of every list goes to the database. */
export function forgetLists(db: object): void {
  const cache = caches.get(db);
  if (!cache) return;
  cache.generation += 1;
  cache.entries.clear();
}
