import { sharedForget } from './cluster-bus';

/**
 * Replies every reader shares, kept in memory (DESIGN: cache is the only state an instance keeps), one store
 * per database (tests run several apps in one process). Concurrent callers of one key share one load. A reply
 * older than `freshMs` (but younger than `staleUntilMs`) is still answered while one caller's load refreshes
 * it in the background, so the readers of a busy key never all wait on a reload together; an older one, or a
 * key never loaded, waits for its load. `forget` drops every entry at once, and a load that began before a
 * `forget` is never kept, so a write is never undone by a slow read. A failed load (a 404 included) is not
 * kept, and neither is the reply it was refreshing: the next caller asks again. `forget(db, key)` drops one key
 * the same way.
 */
export interface ReplyCache<T> {
  /** One key holds one type of reply: `V` is what `load` answers for this key. */
  get<V extends T>(db: object, key: string, load: () => Promise<V>): Promise<V>;
  /** Drops every entry, or only `key`'s. */
  forget(db: object, key?: string): void;
}

export interface ReplyCacheOptions {
  /** Answered as is while younger than this. */
  freshMs: number;
  /** Answered while one reload runs until this age; older, the caller waits for the reload. */
  staleUntilMs: number;
  /** A store this full is emptied before a new key goes in. */
  maxEntries?: number;
  /** A name for the cluster bus: `forget` then drops this cache on every instance, not just this one. */
  shareAs?: string;
}

interface Entry<T> {
  storedAt: number;
  reply: Promise<T>;
  /** A load for this key is running: this entry's own, or one refreshing it. */
  loading: boolean;
}

export function createReplyCache<T = string>({
  freshMs,
  staleUntilMs,
  maxEntries = 2_000,
  shareAs,
}: ReplyCacheOptions): ReplyCache<T> {
  const stores = new WeakMap<object, Map<string, Entry<T>>>();
  const storeFor = (db: object) => {
    let store = stores.get(db);
    if (!store) {
      store = new Map();
      stores.set(db, store);
    }
    return store;
  };

  const forgetHere = (db: object, key?: string) => {
    if (key === undefined) stores.get(db)?.clear();
    else stores.get(db)?.delete(key);
  };

  /**
   * Starts `load` for `key`, either as the key's entry or as the refresh of `stale`. `forget` takes the key out
   * of the map, so a load that began before it finds neither its entry nor `stale` there and is not kept.
   */
  const startLoad = (store: Map<string, Entry<T>>, key: string, load: () => Promise<T>, stale?: Entry<T>) => {
    const entry: Entry<T> = { storedAt: Date.now(), reply: load(), loading: true };
    if (!stale) {
      if (store.size >= maxEntries) store.clear();
      store.set(key, entry);
    }
    entry.reply.then(
      () => {
        entry.loading = false;
        if (stale && store.get(key) === stale) store.set(key, entry);
      },
      () => {
        const current = store.get(key);
        if (current === entry || (stale && current === stale)) store.delete(key);
      },
    );
    return entry.reply;
  };

  return {
    get<V extends T>(db: object, key: string, load: () => Promise<V>): Promise<V> {
      const store = storeFor(db);
      const hit = store.get(key);
      const age = hit ? Date.now() - hit.storedAt : Number.POSITIVE_INFINITY;
      if (hit && age < freshMs) return hit.reply as Promise<V>;
      if (hit && age < staleUntilMs) {
        if (!hit.loading) {
          hit.loading = true;
          startLoad(store, key, load, hit).catch(() => undefined);
        }
        return hit.reply as Promise<V>;
      }
      return startLoad(store, key, load) as Promise<V>;
    },
    forget: shareAs ? sharedForget(shareAs, forgetHere) : forgetHere,
  };
}
