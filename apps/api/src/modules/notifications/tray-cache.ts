import { sharedForget } from '../../lib/cluster-bus';

/** The reply's JSON text, as sent: a tray answered from memory is not serialized again. */
type TrayReply = string;

/**
 * The first page of each person's tray (all, or unread only) with the unread count, kept in memory: every open
 * page asks for it on load, on every live event and every 30 s, and it changes only when the person gets a
 * notification or reads one. Both forget that person's tray here and on every instance (`forgetTray`), after the
 * write has committed; a tray read that began before a forget is not kept. TRAY_CACHE_MS bounds what changes
 * behind the API's back, and a tray never waits on another instance's message for longer.
 */
export const TRAY_CACHE_MS = 5_000;
/** Trays kept per database at most: a store this full is emptied before another person's tray goes in. */
const MAX_PEOPLE = 20_000;

interface PersonTrays {
  replies: Map<string, { storedAt: number; reply: Promise<TrayReply> }>;
}

const stores = new WeakMap<object, Map<string, PersonTrays>>();

function storeOf(db: object): Map<string, PersonTrays> {
  let store = stores.get(db);
  if (!store) {
    store = new Map();
    stores.set(db, store);
  }
  return store;
}

/** The person's tray page `view` ('all' or 'unread'), from memory when read in the last TRAY_CACHE_MS. */
export function cachedTray(db: object, userId: string, view: string, load: () => Promise<TrayReply>) {
  const store = storeOf(db);
  let person = store.get(userId);
  const hit = person?.replies.get(view);
  if (hit && Date.now() - hit.storedAt < TRAY_CACHE_MS) return hit.reply;
  if (!person) {
    if (store.size >= MAX_PEOPLE) store.clear();
    person = { replies: new Map() };
    store.set(userId, person);
  }
  const entry = { storedAt: Date.now(), reply: load() };
  person.replies.set(view, entry);
  const owner = person;
  entry.reply.catch(() => {
    if (owner.replies.get(view) === entry) owner.replies.delete(view);
  });
  return entry.reply;
}

/** Drops a person's trays (everyone's without `userId`) here and on every instance. */
export const forgetTray = sharedForget('notifications.tray', (db: object, userId?: string) => {
  // A load still running holds the old person object, which is no longer in the store: its reply is not kept.
  if (userId === undefined) stores.get(db)?.clear();
  else stores.get(db)?.delete(userId);
});
