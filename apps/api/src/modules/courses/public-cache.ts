import type { DbOrTx } from '../../db/client';

/**
 * Public course replies (the catalogue, and a course as an anonymous visitor sees it) kept in memory as
 * ready JSON, since every visitor asks the same few questions (DESIGN: cache is the only state an
 * instance keeps). A reply lives at most MAX_AGE_MS, which bounds how long a change made on another
 * instance (or a counter moved by an enrolment) can go unseen; every course write on this instance drops
 * them all at once. A load that began before a drop is never kept, so a write is never undone by a slow read.
 */
export const PUBLIC_COURSE_CACHE_MAX_AGE_MS = 2_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  storedAt: number;
  json: Promise<string>;
}

interface Cache {
  generation: number;
  entries: Map<string, Entry>;
}

/** One cache per database (tests run several apps in one process). */
const caches = new WeakMap<object, Cache>();

function cacheFor(db: DbOrTx): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { generation: 0, entries: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

/** The cached JSON for `key`, or `load()` shared by every caller until it settles. */
export function cachedPublicReply(db: DbOrTx, key: string, load: () => Promise<string>): Promise<string> {
  const cache = cacheFor(db);
  const hit = cache.entries.get(key);
  const now = Date.now();
  if (hit && now - hit.storedAt < PUBLIC_COURSE_CACHE_MAX_AGE_MS) return hit.json;
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
  const startedAt = cache.generation;
  const json = load();
  const entry = { storedAt: now, json };
  cache.entries.set(key, entry);
  // A failed load (a 404 included), or one overtaken by a write, is not kept.
  json.then(
    () => {
      if (cache.generation !== startedAt && cache.entries.get(key) === entry) cache.entries.delete(key);
    },
    () => {
      if (cache.entries.get(key) === entry) cache.entries.delete(key);
    },
  );
  return json;
}

/** Drops every public course reply of this instance: call after any write that changes what a course shows. */
export function forgetPublicCourseReplies(db: DbOrTx): void {
  const cache = cacheFor(db);
  cache.generation += 1;
  cache.entries.clear();
}
