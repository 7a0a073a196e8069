import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
// Notifications, digests and the job runs (issue 31). Imported from the index, which re-exports this file.
import { users } from './index';

/**
 * One notification for one person. Every notification is kept (the tray and /notifications show them);
 * `channel` records how its kind was set to reach the person when it was made, so a later change of settings
 * never mails an old one twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of NOTIFICATION_KINDS (packages/domain). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    /** Where a click goes: a path on this site. */
    url: text('url').notNull(),
    /** The person whose act made it (never notified of their own act); null for the platform's own. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: ['app', 'mail', 'daily', 'weekly'] })
      .notNull()
      .default('app'),
    /**
     * Makes a notification once only: e.g. `revision:2026-11-28`. Scheduled kinds set it, so a job run twice
     * (a restart, a second instance) adds nothing.
     */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
    /** When its own mail went out (channel 'mail'), or the digest that carried it (daily/weekly). */
    mailedAt: timestamptz('mailed_at'),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_unmailed_idx')
      .on(t.channel, t.createdAt)
      .where(sql`${t.mailedAt} is null and ${t.channel} <> 'app'`),
    uniqueIndex('notifications_user_dedupe_idx').on(t.userId, t.dedupeKey),
    check('notifications_channel_check', sql`${t.channel} in ('app','mail','daily','weekly')`),
  ],
);

/** One digest mail per person and period: the row is taken before the mail is queued, so none goes twice. */
export const digestRuns = pgTable(
  'digest_runs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period', { enum: ['daily', 'weekly'] }).notNull(),
    /** The learner's local day (`2026-11-28`) or ISO week (`2026-W48`) the digest covers. */
    periodKey: text('period_key').notNull(),
    notificationCount: integer('notification_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.period, t.periodKey] }),
    check('digest_runs_period_check', sql`${t.period} in ('daily','weekly')`),
  ],
);

/** Each run of a background or scheduled job, for the admins' Jobs tab (its last runs, failures). */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
    ok: boolean('ok'),
    /** A short account of what it did ("3 digests sent") or of the error. */
    detail: text('detail'),
    /** Which API instance ran it (host and process). */
    instance: text('instance').notNull(),
  },
  (t) => [index('job_runs_name_started_idx').on(t.name, t.startedAt)],
);
