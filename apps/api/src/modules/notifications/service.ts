import {
  ADMIN_NOTIFICATION_KINDS,
  DEFAULT_DIGEST_HOUR,
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  notificationChannelSchema,
  notificationKindSchema,
} from '@learnbuild/domain/notifications';
import { isAdmin, type Role } from '@learnbuild/domain/roles';
import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationSettings,
  type NotificationsReply,
  type UpdateNotificationSettingsBody,
} from '@learnbuild/domain/schemas/notifications';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { afterCommit, databaseOf } from '../../lib/after-commit';
import { userTopic } from '../../lib/event-bus';
import { badRequest } from '../../lib/http-errors';
import { requestNotificationMail } from './mail-kick';
import * as q from './queries';
import { cachedTray, forgetTray } from './tray-cache';

export interface NotifyInput {
  kind: NotificationKind;
  recipients: string[];
  /** Whose act made it: never notified of it themselves. */
  actorId?: string | null;
  title: string;
  /** A path on this site. */
  url: string;
  /** Makes it once per person: a second notify with the same key adds nothing for them. */
  dedupeKey?: string;
  /** The event sent its own mail to those it reaches by mail (the reply mail): none is to be sent again. */
  mailed?: boolean;
}

/**
 * How a kind reaches a person: their choice when it is one the platform knows, else the kind's default. Replies
 * follow the older "mail me on reply" switch until a channel is chosen for them: off means in the app only.
 */
export function effectiveChannel(
  kind: NotificationKind,
  chosen: Record<string, string> | undefined,
  notifyOnReply = true,
): NotificationChannel {
  const parsed = notificationChannelSchema.safeParse(chosen?.[kind]);
  if (parsed.success) return parsed.data;
  if (kind === 'thread_reply' && !notifyOnReply) return 'app';
  return NOTIFICATION_KIND_INFO[kind].default;
}

const channelFor = (kind: NotificationKind, chosen: q.ChosenChannels | undefined) =>
  effectiveChannel(kind, chosen?.channels, chosen?.notifyOnReply);

/** How `kind` reaches one person now. */
export async function channelOf(db: DbOrTx, userId: string, kind: NotificationKind): Promise<NotificationChannel> {
  return channelFor(kind, (await q.chosenChannels(db, [userId])).get(userId));
}

/** The apps whose live events a notification made in a transaction of their database is told through. */
const appsByDatabase = new WeakMap<object, FastifyInstance>();

/** Lets `notifyIn` find this app's live events from a transaction of its database. */
export function attachNotifier(app: FastifyInstance): void {
  appsByDatabase.set(app.db, app);
}

/**
 * Makes one notification of `kind` for each recipient but the actor, by the channel each has chosen for it
 * (none for 'off'); call it inside the event's own transaction. The recipients' open pages hear
 * 'notifications.changed' once the transaction has committed. Returns how many were made.
 */
export function notify(app: FastifyInstance, tx: DbOrTx, input: NotifyInput): Promise<number> {
  return makeNotifications(app, tx, input);
}

/** `notify` from code that holds a transaction but not the app (the badge award, the community's writes). */
export function notifyIn(tx: DbOrTx, input: NotifyInput): Promise<number> {
  return makeNotifications(appsByDatabase.get(databaseOf(tx)), tx, input);
}

async function makeNotifications(app: FastifyInstance | undefined, tx: DbOrTx, input: NotifyInput): Promise<number> {
  const recipients = [...new Set(input.recipients)].filter((id) => id !== input.actorId);
  if (recipients.length === 0) return 0;
  const chosen = await q.chosenChannels(tx, recipients);
  const rows = recipients.flatMap((userId): q.NewNotification[] => {
    const channel = channelFor(input.kind, chosen.get(userId));
    if (channel === 'off') return [];
    return [
      {
        userId,
        kind: input.kind,
        title: input.title,
        url: input.url,
        actorId: input.actorId ?? null,
        channel,
        dedupeKey: input.dedupeKey ?? null,
        mailedAt: input.mailed && channel === 'mail' ? new Date() : null,
      },
    ];
  });
  const notified = await q.insertNotifications(tx, rows);
  if (notified.length > 0) {
    const db = databaseOf(tx);
    afterCommit(tx, () => {
      for (const userId of notified) {
        forgetTray(db, userId);
        app?.events.publish(userTopic(userId), 'notifications.changed');
      }
    });
  }
  if (app && rows.some((row) => row.channel === 'mail' && !row.mailedAt)) requestNotificationMail(app, tx);
  return notified.length;
}

const TITLE_SUBJECT_LENGTH = 60;

/** A thread's or course's title as a notification quotes it: “…”, cut at a word near 60 characters. */
export function quoted(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= TITLE_SUBJECT_LENGTH) return `“${clean}”`;
  const cut = clean.slice(0, TITLE_SUBJECT_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `“${(space > 30 ? cut.slice(0, space) : cut).trimEnd()}…”`;
}

/** A page's place in the list: the last shown notification's exact time (to the microsecond) and id. */
const CURSOR_PATTERN =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const encodeCursor = (at: string, id: string) => Buffer.from(`${at}_${id}`).toString('base64url');

function decodeCursor(cursor: string): q.Cursor {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw badRequest('That cursor is not one this list gave: start again from the first page');
  return { at: match[1]!, id: match[2]! };
}

/** `GET /api/notifications`: a page of the person's notifications, newest first, and their unread count. */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  options: { unreadOnly: boolean; cursor?: string },
): Promise<Omit<NotificationsReply, 'success'>> {
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  return notificationsPage(db, userId, { unreadOnly: options.unreadOnly, after });
}

/**
 * The first page's whole reply as JSON text: what every open tray asks for, answered from memory until a
 * notification or a read changes it (tray-cache.ts), and not serialized again each time.
 */
export function firstNotificationsPageJson(db: DbOrTx, userId: string, unreadOnly: boolean): Promise<string> {
  return cachedTray(databaseOf(db), userId, unreadOnly ? 'unread' : 'all', async () =>
    JSON.stringify({ success: true, ...(await notificationsPage(db, userId, { unreadOnly, after: null })) }),
  );
}

async function notificationsPage(
  db: DbOrTx,
  userId: string,
  { unreadOnly, after }: { unreadOnly: boolean; after: q.Cursor | null },
): Promise<Omit<NotificationsReply, 'success'>> {
  const [rows, unread] = await Promise.all([
    q.listNotifications(db, userId, { unreadOnly, after, limit: NOTIFICATIONS_PAGE_SIZE }),
    q.unreadCount(db, userId),
  ]);
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    notifications: page.flatMap((row) => {
      const kind = notificationKindSchema.safeParse(row.kind);
      if (!kind.success) return [];
      return [
        {
          id: row.id,
          kind: kind.data,
          title: row.title,
          url: row.url,
          createdAt: row.createdAt.toISOString(),
          readAt: row.readAt?.toISOString() ?? null,
        },
      ];
    }),
    unread,
    nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? encodeCursor(last.cursorAt, last.id) : null,
  };
}

/** The kinds a person with this role can receive and set: the admins' kinds for admins only. */
export function kindsFor(role: Role): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => isAdmin(role) || !ADMIN_NOTIFICATION_KINDS.includes(kind));
}

function settingsOf(role: Role, stored: q.StoredNotificationSettings | null): NotificationSettings {
  const preferences: NotificationSettings['preferences'] = {};
  for (const kind of kindsFor(role)) preferences[kind] = channelFor(kind, stored ?? undefined);
  return { preferences, quietHours: stored?.quietHours ?? null, digestHour: stored?.digestHour ?? DEFAULT_DIGEST_HOUR };
}

/** `GET /api/notifications/preferences`: every kind the person can receive with the channel it reaches them by. */
export async function notificationSettings(
  db: DbOrTx,
  user: { id: string; role: Role },
): Promise<NotificationSettings> {
  return settingsOf(user.role, await q.notificationSettings(db, user.id));
}

/**
 * `PUT /api/notifications/preferences`: sets the kinds named (the others keep theirs), and quiet hours and the
 * digest hour when given. A kind the person cannot receive is refused.
 */
export async function updateNotificationSettings(
  db: DbOrTx,
  user: { id: string; role: Role },
  body: UpdateNotificationSettingsBody,
): Promise<NotificationSettings> {
  const allowed = kindsFor(user.role);
  const refused = Object.keys(body.preferences ?? {}).filter((kind) => !allowed.includes(kind as NotificationKind));
  if (refused.length > 0) {
    const labels = refused.map((kind) => NOTIFICATION_KIND_INFO[kind as NotificationKind].label);
    throw badRequest(`Only admins receive these notifications: ${labels.join(', ')}`);
  }
  const stored = await q.notificationSettings(db, user.id);
  const channels: Record<string, string> = { ...stored?.channels };
  for (const [kind, channel] of Object.entries(body.preferences ?? {})) channels[kind] = channel;
  await q.saveNotificationSettings(db, user.id, {
    channels,
    // The profile page's "mail me on reply" switch shows what was chosen here.
    notifyOnReply: body.preferences?.thread_reply === undefined ? undefined : body.preferences.thread_reply === 'mail',
    quietHours: body.quietHours === undefined ? (stored?.quietHours ?? null) : body.quietHours,
    digestHour: body.digestHour,
  });
  return notificationSettings(db, user);
}

/** `POST /api/notifications/read`: marks these of the person's notifications read (others' ids change nothing). */
export async function markRead(
  db: DbOrTx,
  userId: string,
  ids: string[],
): Promise<{ changed: number; unread: number }> {
  const changed = await q.markRead(db, userId, ids);
  if (changed > 0) afterCommit(db, () => forgetTray(databaseOf(db), userId));
  return { changed, unread: await q.unreadCount(db, userId) };
}

/** `POST /api/notifications/read-all`: returns how many were unread. */
export async function markAllRead(db: DbOrTx, userId: string): Promise<number> {
  const changed = await q.markAllRead(db, userId);
  if (changed > 0) afterCommit(db, () => forgetTray(databaseOf(db), userId));
  return changed;
}
