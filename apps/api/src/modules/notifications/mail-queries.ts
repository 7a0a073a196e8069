import { DEFAULT_DIGEST_HOUR } from '@learnbuild/domain/notifications';
import { and, asc, eq, gt, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { digestRuns, notifications, userPreferences, users } from '../../db/schema';

// The SQL of notification mail: the immediate mails, the digests, unsubscribing, and the learners' time zones.

/** A notification waiting to be mailed, with what its mail needs of its person. */
export interface PendingMail {
  id: string;
  userId: string;
  kind: string;
  title: string;
  url: string;
  createdAt: Date;
  email: string;
  name: string;
  quietHours: { from: string; to: string } | null;
  timeZone: string | null;
}

/** Up to `limit` notifications of channel 'mail' not yet mailed, by id after `after`. */
export function pendingImmediateMail(db: DbOrTx, after: string | null, limit: number): Promise<PendingMail[]> {
  return db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      title: notifications.title,
      url: notifications.url,
      createdAt: notifications.createdAt,
      email: users.email,
      name: users.name,
      quietHours: userPreferences.quietHours,
      timeZone: userPreferences.timeZone,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(userPreferences, eq(userPreferences.userId, notifications.userId))
    .where(
      and(
        eq(notifications.channel, 'mail'),
        isNull(notifications.mailedAt),
        after ? gt(notifications.id, after) : undefined,
      ),
    )
    .orderBy(asc(notifications.id))
    .limit(limit);
}

/**
 * Marks these notifications mailed at `now`; returns the ids this call marked. One already marked (by another
 * instance's run, which holds its rows until it commits) is left out, so each is mailed once.
 */
export async function markMailed(db: DbOrTx, ids: string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  // Rows another run holds are skipped rather than waited for: that run mails them.
  const free = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(inArray(notifications.id, ids), isNull(notifications.mailedAt)))
    .for('update', { skipLocked: true });
  const rows = await db
    .update(notifications)
    .set({ mailedAt: now })
    .where(inArray(notifications.id, free))
    .returning({ id: notifications.id });
  return new Set(rows.map((row) => row.id));
}

/** Every time zone learners have told us, beside UTC (everyone who has not). */
export async function knownTimeZones(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ timeZone: userPreferences.timeZone })
    .from(userPreferences)
    .where(isNotNull(userPreferences.timeZone));
  return [...new Set(['UTC', ...rows.map((row) => row.timeZone!)])];
}

/**
 * A user's zone as stored (UTC when none), which the jobs' slots name. A lookup per user of the window: a join
 * would read every preferences row to serve a window of 500.
 */
export const storedZoneOf = (id: SQL | typeof users.id) =>
  sql<string>`coalesce((select ${userPreferences.timeZone} from ${userPreferences} where ${userPreferences.userId} = ${id}), 'UTC')`;

const digestHourOf = (id: SQL | typeof users.id) =>
  sql<number>`coalesce((select ${userPreferences.digestHour} from ${userPreferences} where ${userPreferences.userId} = ${id}), ${DEFAULT_DIGEST_HOUR})::int`;

/** One time zone's local hour at the run (as stored, so it matches the column). */
export interface DigestSlot {
  timeZone: string;
  hour: number;
}

export interface DigestRecipient {
  userId: string;
  email: string;
  name: string;
  timeZone: string;
}

/**
 * The end of the next `window` users after `after` (by id): the id to stop at, or null when fewer are left (the
 * last window). The scheduled jobs walk the users a window at a time by the primary key, so each page costs the
 * same and a run walks them once, however few are due.
 */
export async function userWindowEnd(db: DbOrTx, after: string | null, window: number): Promise<string | null> {
  const [end] = await db
    .select({ id: users.id })
    .from(users)
    .where(after ? gt(users.id, after) : undefined)
    .orderBy(asc(users.id))
    .offset(window - 1)
    .limit(1);
  return end?.id ?? null;
}

/** One window of users: those after `after` up to and including `end` (to the last one when `end` is null). */
export interface UserWindow {
  after: string | null;
  end: string | null;
}

/** Every user, a window of `size` at a time by primary key (one small query per window, never all at once). */
export async function* userWindows(db: DbOrTx, size: number): AsyncGenerator<UserWindow> {
  let after: string | null = null;
  for (;;) {
    const end = await userWindowEnd(db, after, size);
    yield { after, end };
    if (end === null) return;
    after = end;
  }
}

/** The users after `after` up to and including `end` (to the last one when `end` is null). */
export const inUserWindow = (id: SQL | typeof users.id, after: string | null, end: string | null) =>
  sql`${after ? sql`${id} > ${after}::uuid` : sql`true`} and ${end ? sql`${id} <= ${end}::uuid` : sql`true`}`;

/**
 * The users of the window after `after` up to `end` whose digest hour is their zone's hour in one of `slots` and
 * who have a notification of `period` not yet mailed.
 */
export function digestRecipients(
  db: DbOrTx,
  period: 'daily' | 'weekly',
  slots: DigestSlot[],
  after: string | null,
  end: string | null,
): Promise<DigestRecipient[]> {
  if (slots.length === 0) return Promise.resolve([]);
  const values = sql.join(
    slots.map((slot) => sql`(${slot.timeZone}::text, ${slot.hour}::int)`),
    sql`, `,
  );
  return db
    .select({ userId: users.id, email: users.email, name: users.name, timeZone: storedZoneOf(users.id) })
    .from(users)
    .where(
      and(
        inUserWindow(users.id, after, end),
        sql`(${storedZoneOf(users.id)}, ${digestHourOf(users.id)}) in (values ${values})`,
        sql`exists (select 1 from ${notifications} where ${notifications.userId} = ${users.id}
          and ${notifications.channel} = ${period} and ${notifications.mailedAt} is null)`,
      ),
    )
    .orderBy(asc(users.id));
}

/** Takes each person's digest of `period` for their period key; returns those taken here (not before, not elsewhere). */
export async function takeDigestRuns(
  db: DbOrTx,
  period: 'daily' | 'weekly',
  runs: { userId: string; periodKey: string }[],
): Promise<Set<string>> {
  if (runs.length === 0) return new Set();
  const rows = await db
    .insert(digestRuns)
    .values(runs.map((run) => ({ userId: run.userId, period, periodKey: run.periodKey })))
    .onConflictDoNothing()
    .returning({ userId: digestRuns.userId });
  return new Set(rows.map((row) => row.userId));
}

export interface DigestItem {
  userId: string;
  kind: string;
  title: string;
  url: string;
  createdAt: Date;
}

/** Marks every unmailed notification of `period` of these people mailed at `now`, and returns them: the digests' content. */
export function markDigestMailed(
  db: DbOrTx,
  period: 'daily' | 'weekly',
  userIds: string[],
  now: Date,
): Promise<DigestItem[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .update(notifications)
    .set({ mailedAt: now })
    .where(
      and(inArray(notifications.userId, userIds), eq(notifications.channel, period), isNull(notifications.mailedAt)),
    )
    .returning({
      userId: notifications.userId,
      kind: notifications.kind,
      title: notifications.title,
      url: notifications.url,
      createdAt: notifications.createdAt,
    });
}

/** Writes how many notifications each digest taken carried. */
export async function recordDigestCounts(
  db: DbOrTx,
  period: 'daily' | 'weekly',
  counts: { userId: string; periodKey: string; count: number }[],
): Promise<void> {
  if (counts.length === 0) return;
  const values = sql.join(
    counts.map((row) => sql`(${row.userId}::uuid, ${row.periodKey}::text, ${row.count}::int)`),
    sql`, `,
  );
  await db.execute(sql`update ${digestRuns} set notification_count = v.count
    from (values ${values}) as v(user_id, period_key, count)
    where ${digestRuns.userId} = v.user_id and ${digestRuns.period} = ${period}
      and ${digestRuns.periodKey} = v.period_key`);
}

/**
 * The person's chosen channels, their preferences row locked for the change (made when they had none); null
 * when the account no longer exists.
 */
export async function lockNotificationChannels(db: DbOrTx, userId: string): Promise<Record<string, string> | null> {
  await db.execute(sql`insert into ${userPreferences} (user_id)
    select ${users.id} from ${users} where ${users.id} = ${userId}
    on conflict (user_id) do nothing`);
  const [row] = await db
    .select({ channels: userPreferences.notificationChannels })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId))
    .for('update');
  return row ? row.channels : null;
}

export async function saveNotificationChannels(
  db: DbOrTx,
  userId: string,
  channels: Record<string, string>,
): Promise<void> {
  await db
    .update(userPreferences)
    .set({ notificationChannels: channels, updatedAt: new Date() })
    .where(eq(userPreferences.userId, userId));
}

/** The person's notifications of these kinds still waiting for a mail or a digest stay in the tray only. */
export async function stopPendingMail(db: DbOrTx, userId: string, kinds: string[]): Promise<void> {
  const waiting: SQL = sql`${notifications.channel} in ('mail', 'daily', 'weekly')`;
  await db
    .update(notifications)
    .set({ channel: 'app' })
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.kind, kinds),
        isNull(notifications.mailedAt),
        waiting,
      ),
    );
}

/**
 * Keeps the learner's time zone for the scheduled mail (written only when it changed, so the usual call writes
 * nothing). `timeZone` must be one Intl knows (the request schemas check it).
 */
export async function rememberTimeZone(db: DbOrTx, userId: string, timeZone: string): Promise<void> {
  await db
    .insert(userPreferences)
    .values({ userId, timeZone })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { timeZone },
      setWhere: sql`${userPreferences.timeZone} is distinct from excluded.time_zone`,
    });
}
