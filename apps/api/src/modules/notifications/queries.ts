import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courseEnrollments, notifications, userPreferences, users } from '../../db/schema';

/** What a person chose for their notifications: channels by kind, and the older reply mail switch. */
export interface ChosenChannels {
  channels: Record<string, string>;
  notifyOnReply: boolean;
}

/** Each person's choices, for those who have saved any preference (the others take every default). */
export async function chosenChannels(db: DbOrTx, userIds: string[]): Promise<Map<string, ChosenChannels>> {
  const rows = await db
    .select({
      userId: userPreferences.userId,
      channels: userPreferences.notificationChannels,
      notifyOnReply: userPreferences.notifyOnReply,
    })
    .from(userPreferences)
    .where(inArray(userPreferences.userId, userIds));
  return new Map(rows.map((row) => [row.userId, { channels: row.channels, notifyOnReply: row.notifyOnReply }]));
}

export interface NewNotification {
  userId: string;
  kind: string;
  title: string;
  url: string;
  actorId: string | null;
  channel: 'app' | 'mail' | 'daily' | 'weekly';
  dedupeKey: string | null;
  mailedAt: Date | null;
}

/** Stores the notifications; one whose person already has its dedupe key is skipped. Returns who got one. */
export async function insertNotifications(db: DbOrTx, rows: NewNotification[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ userId: notifications.userId });
  return inserted.map((row) => row.userId);
}

/** Every admin's id (the admin kinds go to all of them). */
export async function adminIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'Admin'));
  return rows.map((row) => row.id);
}

/** The people with these handles, whatever their case. */
export async function usersByHandles(db: DbOrTx, handles: string[]): Promise<string[]> {
  if (handles.length === 0) return [];
  const lowered = handles.map((handle) => handle.toLowerCase());
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`${users.handle} is not null`, inArray(sql`lower(${users.handle})`, lowered)));
  return rows.map((row) => row.id);
}

/** The name a notification's title gives the person who acted. */
export async function userName(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? 'Someone';
}

export interface NotificationRow {
  id: string;
  kind: string;
  title: string;
  url: string;
  createdAt: Date;
  readAt: Date | null;
  /** created_at to the microsecond, in UTC ("2026-11-28T07:57:13.123456Z"): a Date would drop the last digits. */
  cursorAt: string;
}

/** A place in a person's list: the (created_at, id) of the last notification shown. */
export interface Cursor {
  at: string;
  id: string;
}

/**
 * One page of the person's notifications, newest first, after the cursor's (created_at, id) when given; one row
 * more than `limit` tells whether another page follows.
 */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  options: { unreadOnly: boolean; after: Cursor | null; limit: number },
): Promise<NotificationRow[]> {
  const { after } = options;
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      url: notifications.url,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      cursorAt: sql<string>`to_char(${notifications.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        options.unreadOnly ? isNull(notifications.readAt) : undefined,
        after
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit + 1);
}

/** How many of the person's notifications are unread (the partial index notifications_user_unread_idx). */
export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.count ?? 0);
}

/** Marks these of the person's notifications read (others' ids match nothing); returns how many changed. */
export async function markRead(db: DbOrTx, userId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks all the person's unread notifications read; returns how many changed. */
export async function markAllRead(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export interface StoredNotificationSettings extends ChosenChannels {
  quietHours: { from: string; to: string } | null;
  digestHour: number;
}

/** The person's notification settings, or null when they have never saved any preference. */
export async function notificationSettings(db: DbOrTx, userId: string): Promise<StoredNotificationSettings | null> {
  const [row] = await db
    .select({
      channels: userPreferences.notificationChannels,
      notifyOnReply: userPreferences.notifyOnReply,
      quietHours: userPreferences.quietHours,
      digestHour: userPreferences.digestHour,
    })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row ?? null;
}

/** Saves the person's notification settings (their other preferences are left as they are). */
export async function saveNotificationSettings(
  db: DbOrTx,
  userId: string,
  settings: {
    channels: Record<string, string>;
    notifyOnReply?: boolean;
    quietHours: { from: string; to: string } | null;
    digestHour?: number;
  },
): Promise<void> {
  const set = {
    notificationChannels: settings.channels,
    ...(settings.notifyOnReply === undefined ? {} : { notifyOnReply: settings.notifyOnReply }),
    quietHours: settings.quietHours,
    ...(settings.digestHour === undefined ? {} : { digestHour: settings.digestHour }),
    updatedAt: sql`now()`,
  };
  await db
    .insert(userPreferences)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: userPreferences.userId, set });
}

/** Drops the person's choice for `kind`, so it follows its default again (the reply mail switch was used). */
export async function forgetChannelChoice(db: DbOrTx, userId: string, kind: string): Promise<void> {
  await db
    .update(userPreferences)
    .set({ notificationChannels: sql`${userPreferences.notificationChannels} - ${kind}::text` })
    .where(eq(userPreferences.userId, userId));
}

/** The learners enrolled in a course. */
export async function enrolledLearners(db: DbOrTx, courseId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: courseEnrollments.userId })
    .from(courseEnrollments)
    .where(eq(courseEnrollments.courseId, courseId));
  return rows.map((row) => row.userId);
}
