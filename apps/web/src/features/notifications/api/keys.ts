/**
 * Every notification query starts with ['notifications']: a live 'notifications.changed' event refetches them all
 * with one invalidation. The cache is cleared on logout (lib/session), so one account never reads another's.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (filter: NotificationFilter) => ['notifications', 'list', filter] as const,
  // Not under 'notifications': a live change of the list need not fetch the settings again.
  settings: ['notification-settings'] as const,
};

/** The /notifications page's filters, and the tray's list ('all'). */
export const NOTIFICATION_FILTERS = ['all', 'unread'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];
