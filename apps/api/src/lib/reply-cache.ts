/**
 * Public replies kept in memory as ready text, one cache per database (tests run several apps in one
 * process). Concurrent callers of one key share one load. A reply older than `maxAgeMs` (but not older than
 * `staleMs`) is still answered while one caller's load refreshes it in the background, so the readers of a
 * busy key never all wait on a reload together; an older one, or a key never loaded, waits for its load.
 * `forget` drops every entry at once, and a load that began before a `forget` is never kept, so a write is
 * never undone by a slow read. The same idea as modules/courses/public-cache.ts, for any module.
 */
export interface ReplyCache {
  get(db: object, key: string, load: () => Promise<string>): Promise<string>;
  forget(db: object): void;
}

interface Entry {
  storedAt: number;
  text: Promise<string>;
  refreshing: boolean;
}

interface Store {
  generation: number;
  entries: Map<string, Entry>;
}

export function createReplyCache(options: { maxAgeMs: number; staleMs: number; maxEntries: number }): ReplyCache {
  const stores = new WeakMap<object, Store>();
  const storeFor = (db: object) => {
    let store = stores.get(db);
    if (!store) {
      store = { generation: 0, entries: new Map() };
      stores.set(db, store);
    }
    return store;
  };

  /** Starts `load` for `key`; its answer replaces the entry only if no write came first. */
  const startLoad = (store: Store, key: string, load: () => Promise<string>, now: number) => {
    const startedAt = store.generation;
    const text = load();
    text.then(
      () => {
        if (store.generation !== startedAt) return;
        if (store.entries.size >= options.maxEntries && !store.entries.has(key)) store.entries.clear();
        store.entries.set(key, { storedAt: now, text, refreshing: false });
      },
      // A failed load (a 404 included) is not kept: the next caller asks again.
      () => {
        if (store.generation === startedAt) store.entries.delete(key);
      },
    );
    return text;
  };

  return {
    get(db, key, load) {
      const store = storeFor(db);
      const now = Date.now();
      const hit = store.entries.get(key);
      const age = hit ? now - hit.storedAt : Number.POSITIVE_INFINITY;
      if (hit && age < options.maxAgeMs) return hit.text;
      if (hit && age < options.staleMs) {
        if (!hit.refreshing) {
          hit.refreshing = true;
          startLoad(store, key, load, now).catch(() => undefined);
        }
        return hit.text;
      }
      // Nothing usable: this caller and those after it share one load, kept as a fresh entry meanwhile.
      if (store.entries.size >= options.maxEntries) store.entries.clear();
      const text = startLoad(store, key, load, now);
      store.entries.set(key, { storedAt: now, text, refreshing: true });
      return text;
    },
    forget(db) {
      const store = storeFor(db);
      store.generation += 1;
      store.entries.clear();
    },
  };
}
