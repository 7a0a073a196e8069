import { followForget, sharedForget } from '../../lib/cluster-bus';
import { contentHash, type Precompressed, precompress } from '../../lib/precompressed';

/**
 * Finished public pages (meta, drawn markup and data block) kept per instance as ready bytes, brotli and gzip
 * included, so a visitor is answered without a database read, an in-process API call or the renderer. DESIGN: a
 * cache is the only state an instance keeps, and this one follows the problem bank's shared forget (`dsa.bank`):
 * any bank or judge write drops every page on every instance that hears the cluster bus. A page older than
 * FRESH_MS is made again in the background while it is still answered, and one older than STALE_UNTIL_MS is made
 * again before it is answered: a change nobody announces (another read of the page, a message lost while Redis
 * was unreachable) shows within STALE_UNTIL_MS. Made again with the same content, a page keeps its bytes and ETag.
 */
export const FRESH_MS = 5_000;
export const STALE_UNTIL_MS = 10_000;
/** Every judged problem twice (signed out and signed in) with room to spare; the least recently used leaves first. */
export const MAX_PAGES = 400;

/** A page as made: `keep` false for one that must be made again for the next visitor (not found, not drawn). */
export interface MadePage {
  status: number;
  html: string;
  keep: boolean;
}

/** What a visitor is sent: a kept page's bytes, or a page made for this request only. */
export type ServedPage =
  | { kept: true; status: number; body: Precompressed }
  | { kept: false; status: number; html: string };

interface Entry {
  storedAt: number;
  page: { kept: true; status: number; body: Precompressed };
  refreshing: boolean;
}

interface Store {
  /** Moves on every forget: a page whose making began before it is answered to its own visitors, never kept. */
  generation: number;
  pages: Map<string, Entry>;
  /** Pages being made for visitors who wait: those arriving together share one making. */
  making: Map<string, Promise<ServedPage>>;
}

/** One store per database (tests run several apps in one process); the shared forget finds it from `db`. */
const stores = new WeakMap<object, Store>();

function storeFor(db: object): Store {
  let store = stores.get(db);
  if (!store) {
    store = { generation: 0, pages: new Map(), making: new Map() };
    stores.set(db, store);
  }
  return store;
}

/** Drops every page (or those whose key starts with `prefix`); pages being made now are not kept either. */
function forgetPagesHere(db: object, prefix?: string): void {
  const store = stores.get(db);
  if (!store) return;
  store.generation += 1;
  if (prefix === undefined) {
    store.pages.clear();
    store.making.clear();
    return;
  }
  for (const key of [...store.pages.keys()]) if (key.startsWith(prefix)) store.pages.delete(key);
  for (const key of [...store.making.keys()]) if (key.startsWith(prefix)) store.making.delete(key);
}

followForget('dsa.bank', (db: object) => forgetPagesHere(db));

/**
 * Drops the pages whose key starts with `prefix`, here and on every instance: for a page whose owner changed
 * what it may show (a public profile turned off must not be answered from the cache for another moment).
 */
export const forgetKeptPages = sharedForget('seo.pages', (db: object, prefix?: string) => forgetPagesHere(db, prefix));

/** How many pages this instance keeps for `db`. */
export function keptPageCount(db: object): number {
  return stores.get(db)?.pages.size ?? 0;
}

/** `made` as it is sent: the bytes of `previous` when the content is the same (the ETag stays), else compressed anew. */
async function toServed(made: MadePage, previous?: Precompressed): Promise<ServedPage> {
  if (!made.keep) return { kept: false, status: made.status, html: made.html };
  const bytes = Buffer.from(made.html);
  const hash = contentHash(bytes);
  const body = previous?.hash === hash ? previous : await precompress(bytes, 'text/html; charset=utf-8', hash);
  return { kept: true, status: made.status, body };
}

function keep(store: Store, key: string, page: ServedPage): void {
  store.pages.delete(key);
  if (!page.kept) return;
  store.pages.set(key, { storedAt: Date.now(), page, refreshing: false });
  if (store.pages.size > MAX_PAGES) store.pages.delete(store.pages.keys().next().value as string);
}

/** Makes the page of `entry` again without holding anyone up; its visitors get the new one once it is there. */
function refresh(store: Store, key: string, entry: Entry, make: () => Promise<MadePage>): void {
  entry.refreshing = true;
  const generation = store.generation;
  make()
    .then((made) => toServed(made, entry.page.body))
    .then(
      (page) => {
        if (store.generation === generation && store.pages.get(key) === entry) keep(store, key, page);
      },
      () => {
        if (store.pages.get(key) === entry) store.pages.delete(key);
      },
    );
}

/** The page kept for `key`, or the one `make` gives (then kept when it says so). */
export function keptPage(db: object, key: string, make: () => Promise<MadePage>): Promise<ServedPage> | ServedPage {
  const store = storeFor(db);
  const entry = store.pages.get(key);
  const age = entry ? Date.now() - entry.storedAt : Number.POSITIVE_INFINITY;
  if (entry && age < STALE_UNTIL_MS) {
    // Used again: last to leave.
    store.pages.delete(key);
    store.pages.set(key, entry);
    if (age >= FRESH_MS && !entry.refreshing) refresh(store, key, entry, make);
    return entry.page;
  }
  let pending = store.making.get(key);
  if (!pending) {
    const generation = store.generation;
    const making = make().then((made) => toServed(made));
    pending = making;
    store.making.set(key, making);
    making.then(
      (page) => {
        if (store.making.get(key) === making) store.making.delete(key);
        if (store.generation === generation) keep(store, key, page);
      },
      () => {
        if (store.making.get(key) === making) store.making.delete(key);
      },
    );
  }
  return pending;
}
