import { z } from 'zod';

// Notifications (issue 31): the kinds, how each may reach a person, and the defaults. The API makes them,
// the web app shows and sets them; both read this file.

export const NOTIFICATION_KINDS = [
  'thread_reply',
  'answer_accepted',
  'mention',
  'application_decided',
  'course_update',
  'cohort_due',
  'revision_due',
  'streak_warning',
  'badge_earned',
  'report_resolved',
  'admin_new_application',
  'admin_new_report',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** The kinds only admins receive (the settings page shows them to admins only). */
export const ADMIN_NOTIFICATION_KINDS: readonly NotificationKind[] = ['admin_new_application', 'admin_new_report'];

export const NOTIFICATION_CHANNELS = ['app', 'mail', 'daily', 'weekly', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);

/** What each kind is called on the settings page, and how it reaches a person who has not chosen. */
export const NOTIFICATION_KIND_INFO: Record<
  NotificationKind,
  { label: string; description: string; default: NotificationChannel }
> = {
  thread_reply: { label: 'Replies', description: 'Someone replies to your thread or post', default: 'mail' },
  answer_accepted: { label: 'Accepted answers', description: 'Your answer is accepted', default: 'app' },
  mention: { label: 'Mentions', description: 'Someone mentions you with @handle', default: 'app' },
  application_decided: {
    label: 'Instructor application',
    description: 'Your instructor application is decided',
    default: 'mail',
  },
  course_update: {
    label: 'Course updates',
    description: 'A new lesson or announcement in a course you take',
    default: 'daily',
  },
  cohort_due: { label: 'Cohort due dates', description: 'Something in your cohort is due tomorrow', default: 'mail' },
  revision_due: { label: 'Revision due', description: 'Problems are due for revision today', default: 'app' },
  streak_warning: {
    label: 'Streak about to end',
    description: 'Your streak ends tonight and no freeze would cover it',
    default: 'app',
  },
  badge_earned: { label: 'Badges', description: 'You earn a badge', default: 'app' },
  report_resolved: { label: 'Reports', description: 'A report on your content is resolved', default: 'app' },
  admin_new_application: {
    label: 'New instructor applications',
    description: 'Admins: an instructor application arrives',
    default: 'app',
  },
  admin_new_report: { label: 'New reports', description: 'Admins: a community report arrives', default: 'app' },
};

/** The local hour digests go out at until a learner chooses another (0–23). */
export const DEFAULT_DIGEST_HOUR = 8;
/** A digest lists at most this many notifications; the rest are counted and wait in the tray. */
export const DIGEST_LISTED_MAX = 25;
/** The local hour the revision reminder is made in: the morning, before the usual digest hour. */
export const REVISION_REMINDER_HOUR = 7;
/** The local hour the streak warning is made in: the evening, with time left to solve one. */
export const STREAK_WARNING_HOUR = 19;
/** How long a mailed unsubscribe link works: old mails stay in inboxes, so long enough to be found again. */
export const UNSUBSCRIBE_LINK_DAYS = 90;

/** A local time of day, "HH:MM" (24-hour). */
export const localTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 22:00');

export const quietHoursSchema = z.object({ from: localTimeSchema, to: localTimeSchema }).nullable();
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const notificationPreferencesSchema = z.object({
  preferences: z.record(notificationKindSchema, notificationChannelSchema),
  quietHours: quietHoursSchema,
});
