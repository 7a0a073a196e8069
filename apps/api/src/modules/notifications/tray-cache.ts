import { sharedForget } from '../../lib/cluster-bus';
import { createReplyCache } from '../../lib/reply-cache';

/**
 * The first page of each person's tray (all, or unread only) with the unread count, kept in memory as the reply's
 * JSON text: every open page asks for it on load, on every live event and every 30 s, and it changes only when the
 * person gets a notification or reads one. Both forget that person's tray here and on every instance
 * (`forgetTray`), after the write has committed; a tray read that began before a forget is not kept.
 * TRAY_CACHE_MS bounds what changes behind the API's back, and a tray never waits on another instance's message
 * for longer. Never answered stale: an unread count the person just changed must not come back.
 */
export const TRAY_CACHE_MS = 5_000;
/** People whose trays are kept per database at most: a store this full is emptied before another tray goes in. */
const MAX_PEOPLE = 20_000;

const TRAY_VIEWS = ['all', 'unread'] as const;
export type TrayView = (typeof TRAY_VIEWS)[number];

const trays = createReplyCache<string>({
  freshMs: TRAY_CACHE_MS,
  staleUntilMs: TRAY_CACHE_MS,
  maxEntries: MAX_PEOPLE * TRAY_VIEWS.length,
});

const trayKey = (userId: string, view: TrayView) => `${userId}:${view}`;

/** The person's tray page `view`, from memory when read in the last TRAY_CACHE_MS. */
export function cachedTray(db: object, userId: string, view: TrayView, load: () => Promise<string>) {
  return trays.get(db, trayKey(userId, view), load);
}

/** Drops a person's trays (everyone's without `userId`) here and on every instance. */
export const forgetTray = sharedForget('notifications.tray', (db: object, userId?: string) => {
  if (userId === undefined) trays.forget(db);
  else for (const view of TRAY_VIEWS) trays.forget(db, trayKey(userId, view));
});
