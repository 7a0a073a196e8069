import { DASHBOARD_REFRESH_MS } from '@learnbuild/domain/constants';
import type { NotificationsReply } from '@learnbuild/domain/schemas/notifications';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type NotificationFilter, notificationKeys } from './keys';

export async function getNotifications(filter: NotificationFilter, cursor: string | null): Promise<NotificationsReply> {
  const params: Record<string, string> = { unread: filter === 'unread' ? 'true' : 'false' };
  if (cursor) params.cursor = cursor;
  return (await api.get<NotificationsReply>('/api/notifications', { params })).data;
}

/**
 * The person's notifications, newest first, a page at a time. The live stream refetches them on each change; the
 * 30 s refresh (as the dashboard's) is the fallback when the stream is down.
 */
export const notificationsQuery = (filter: NotificationFilter) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(filter),
    queryFn: ({ pageParam }) => getNotifications(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: DASHBOARD_REFRESH_MS,
    staleTime: 0,
  });

export function useNotifications(filter: NotificationFilter, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...notificationsQuery(filter), enabled: options.enabled ?? true });
}
