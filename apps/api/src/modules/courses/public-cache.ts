import type { DbOrTx } from '../../db/client';

/**
 * Public course replies (the catalogue, and a course as an anonymous visitor sees it) kept in memory as
 * ready JSON bytes, since every visitor asks the same few questions (DESIGN: cache is the only state an
 * instance keeps). A reply is fresh for FRESH_MS; for as long again it is still served while one request
 * reloads it, so callers never queue behind a reload. That bounds how long a change made on another
 * instance (or a counter moved by an enrolment) can go unseen to 2 × FRESH_MS; every course write on this
 * instance drops them all at once. A load that began before a drop is never kept.
 */
export const PUBLIC_COURSE_CACHE_FRESH_MS = 2_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  storedAt: number;
  json: Promise<Buffer>;
  /** The load settled with a reply (a stale entry may be served only then). */
  ready: boolean;
  reloading: boolean;
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

function load(cache: Cache, key: string, loader: () => Promise<string>, stale?: Entry): Promise<Buffer> {
  const startedAt = cache.generation;
  const entry: Entry = {
    storedAt: Date.now(),
    json: loader().then((text) => Buffer.from(text)),
    ready: false,
    reloading: false,
  };
  if (!stale) {
    if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
    cache.entries.set(key, entry);
  }
  entry.json.then(
    () => {
      entry.ready = true;
      const current = cache.entries.get(key);
      if (cache.generation !== startedAt) {
        if (current === entry) cache.entries.delete(key);
      } else if (stale && current === stale) {
        cache.entries.set(key, entry);
      }
    },
    () => {
      // A failed load (a 404 included) is not kept, and neither is the stale reply it was replacing.
      const current = cache.entries.get(key);
      if (current === entry || (stale && current === stale)) cache.entries.delete(key);
    },
  );
  return entry.json;
}

/** The cached JSON for `key`, or `loader()` shared by every caller until it settles. */
export function cachedPublicReply(db: DbOrTx, key: string, loader: () => Promise<string>): Promise<Buffer> {
  const cache = cacheFor(db);
  const hit = cache.entries.get(key);
  if (hit) {
    const age = Date.now() - hit.storedAt;
    if (age < PUBLIC_COURSE_CACHE_FRESH_MS) return hit.json;
    if (hit.ready && age < 2 * PUBLIC_COURSE_CACHE_FRESH_MS) {
      if (!hit.reloading) {
        hit.reloading = true;
        load(cache, key, loader, hit).catch(() => undefined);
      }
      return hit.json;
    }
  }
  return load(cache, key, loader);
}

/** Drops every public course reply of this instance: call after any write that changes what a course shows. */
export function forgetPublicCourseReplies(db: DbOrTx): void {
  const cache = cacheFor(db);
  cache.generation += 1;
  cache.entries.clear();
}
