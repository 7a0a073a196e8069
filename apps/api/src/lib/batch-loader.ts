/** Loads the rows of many keys with one query; a key with no row is simply absent from the map. */
export type LoadMany<V> = (keys: string[]) => Promise<Map<string, V>>;

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/** A query out this long no longer holds the next batch back (a stuck connection must not stall every caller). */
export const BATCH_STALL_MS = 50;

/**
 * Gathers the keys asked for and loads them with one query. Keys wait for the end of the current round of
 * input (`setImmediate`) and, while the loader's previous query is still out, until it comes back (or has been
 * out for BATCH_STALL_MS): under load each query carries every key that arrived meanwhile. A crowd of learners
 * opening their sheet then costs the database a few queries a millisecond instead of one per request, and each
 * write to the database's socket (which wakes a server process) is shared by dozens of requests. Each caller
 * still gets its own key's row (or undefined); a failed query fails every caller of its batch with the same
 * error. A batch that reaches `maxKeys` different keys is sent at once.
 */
export function batchLoader<V>(loadMany: LoadMany<V>, maxKeys = 500): (key: string) => Promise<V | undefined> {
  let waiting: Map<string, Waiter<V>[]> | null = null;
  let scheduled = false;
  let inFlight = 0;
  let lastSentAt = 0;
  let stallTimer: NodeJS.Timeout | null = null;

  const send = () => {
    const batch = waiting;
    if (!batch) return;
    waiting = null;
    if (stallTimer) {
      clearTimeout(stallTimer);
      stallTimer = null;
    }
    inFlight += 1;
    lastSentAt = Date.now();
    new Promise<Map<string, V>>((resolve) => resolve(loadMany([...batch.keys()])))
      .then(
        (found) => {
          for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
        },
        (error: unknown) => {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
        },
      )
      .finally(() => {
        inFlight -= 1;
        if (inFlight === 0 && !scheduled) send();
      });
  };

  const endOfRound = () => {
    scheduled = false;
    const outFor = Date.now() - lastSentAt;
    if (inFlight === 0 || outFor >= BATCH_STALL_MS) send();
    else if (!stallTimer) {
      stallTimer = setTimeout(() => {
        stallTimer = null;
        send();
      }, BATCH_STALL_MS - outFor);
      stallTimer.unref();
    }
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      waiting ??= new Map();
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (waiting.size >= maxKeys) send();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(endOfRound);
      }
    });
}

/** One loader per database (tests run several apps in one process). */
export function batchLoaderPerDatabase<V>(
  make: (db: object) => LoadMany<V>,
  maxKeys?: number,
): (db: object) => (key: string) => Promise<V | undefined> {
  const loaders = new WeakMap<object, (key: string) => Promise<V | undefined>>();
  return (db) => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = batchLoader(make(db), maxKeys);
      loaders.set(db, loader);
    }
    return loader;
  };
}
