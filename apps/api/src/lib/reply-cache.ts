/**
 * Public replies kept in memory as ready text for at most `maxAgeMs`, one cache per database (tests run
 * several apps in one process). Concurrent callers of one key share one load; `forget` drops every entry
 * at once, and a load that began before a `forget` is never kept, so a write is never undone by a slow read.
 * The same idea as modules/courses/public-cache.ts, for any module.
 */
export interface ReplyCache {
  get(db: object, key: string, load: () => Promise<string>): Promise<string>;
  forget(db: object): void;
}

interface Entry {
  storedAt: number;
  text: Promise<string>;
}

interface Store {
  generation: number;
  entries: Map<string, Entry>;
}

export function createReplyCache(options: { maxAgeMs: number; maxEntries: number }): ReplyCache {
  const stores = new WeakMap<object, Store>();
  const storeFor = (db: object) => {
    let store = stores.get(db);
    if (!store) {
      store = { generation: 0, entries: new Map() };
      stores.set(db, store);
    }
    return store;
  };
  return {
    get(db, key, load) {
      const store = storeFor(db);
      const now = Date.now();
      const hit = store.entries.get(key);
      if (hit && now - hit.storedAt < options.maxAgeMs) return hit.text;
      if (store.entries.size >= options.maxEntries) store.entries.clear();
      const startedAt = store.generation;
      const text = load();
      const entry = { storedAt: now, text };
      store.entries.set(key, entry);
      // A failed load (a 404 included), or one overtaken by a write, is not kept.
      text.then(
        () => {
          if (store.generation !== startedAt && store.entries.get(key) === entry) store.entries.delete(key);
        },
        () => {
          if (store.entries.get(key) === entry) store.entries.delete(key);
        },
      );
      return text;
    },
    forget(db) {
      const store = storeFor(db);
      store.generation += 1;
      store.entries.clear();
    },
  };
}
