import { z } from 'zod';
import { NOTIFICATION_CHANNELS, notificationKindSchema, quietHoursSchema } from '../notifications';
import { uuidSchema } from './common';

// The notification tray's endpoints (issue 31): one definition for the API's validation and the web app's fetchers.

/** How many notifications one page of `GET /api/notifications` holds. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  title: z.string(),
  /** A path on this site, where the notification leads. */
  url: z.string(),
  createdAt: z.string(),
  /** When it was read, or null while it is unread. */
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  /** The `nextCursor` of the page before; absent for the newest page. */
  cursor: z.string().trim().min(1).max(200).optional(),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

export const notificationsReplySchema = z.object({
  success: z.literal(true),
  notifications: z.array(notificationSchema),
  /** The person's unread notifications in all, not only on this page. */
  unread: z.number().int(),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationsReply = z.infer<typeof notificationsReplySchema>;

export const markNotificationsReadBodySchema = z.object({
  ids: z
    .array(uuidSchema)
    .min(1, 'Name at least one notification')
    .max(NOTIFICATIONS_PAGE_SIZE * 5, 'Too many notifications at once'),
});
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBodySchema>;

/** The reply of `POST /api/notifications/read` and `/read-all`: the unread count after the change. */
export const markNotificationsReadReplySchema = z.object({ success: z.literal(true), unread: z.number().int() });
export type MarkNotificationsReadReply = z.infer<typeof markNotificationsReadReplySchema>;

export const digestHourSchema = z
  .number({ error: 'The digest hour must be a whole hour from 0 to 23' })
  .int('The digest hour must be a whole hour from 0 to 23')
  .min(0, 'The digest hour must be a whole hour from 0 to 23')
  .max(23, 'The digest hour must be a whole hour from 0 to 23');

/** Each kind's channel; a kind or channel the platform does not know is refused by name. */
const channelsByKindSchema = z.partialRecord(
  notificationKindSchema,
  z.enum(NOTIFICATION_CHANNELS, {
    error: (issue) => `${JSON.stringify(issue.input)} is not a channel: use app, mail, daily, weekly or off`,
  }),
  {
    // zod reports the keys a partial record does not know as unrecognized_keys, which its types leave out.
    error: (issue) => {
      const { code, keys } = issue as unknown as { code: string; keys?: string[] };
      return code === 'unrecognized_keys' ? `Unknown notification kind: ${keys?.join(', ')}` : undefined;
    },
  },
);

/**
 * `GET /api/notifications/preferences`'s settings: the channel of every kind the person can receive (the
 * admins' kinds for admins only), quiet hours, the digest hour.
 */
export const notificationSettingsSchema = z.object({
  preferences: channelsByKindSchema,
  quietHours: quietHoursSchema,
  digestHour: digestHourSchema,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT's body: any kinds left out keep their channel, and so do quiet hours and the digest hour when absent. */
export const updateNotificationSettingsBodySchema = z.object({
  preferences: channelsByKindSchema.optional(),
  quietHours: quietHoursSchema.optional(),
  digestHour: digestHourSchema.optional(),
});
export type UpdateNotificationSettingsBody = z.infer<typeof updateNotificationSettingsBodySchema>;

export const notificationSettingsReplySchema = notificationSettingsSchema.extend({ success: z.literal(true) });
export type NotificationSettingsReply = z.infer<typeof notificationSettingsReplySchema>;
