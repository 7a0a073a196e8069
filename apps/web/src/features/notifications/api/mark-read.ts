import type {
  MarkNotificationsReadReply,
  Notification,
  NotificationsReply,
} from '@learnbuild/domain/schemas/notifications';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export async function markNotificationsRead(ids: string[]): Promise<MarkNotificationsReadReply> {
  return (await api.post<MarkNotificationsReadReply>('/api/notifications/read', { ids })).data;
}

export async function markAllNotificationsRead(): Promise<MarkNotificationsReadReply> {
  return (await api.post<MarkNotificationsReadReply>('/api/notifications/read-all')).data;
}

type Pages = InfiniteData<NotificationsReply, string | null>;

/**
 * Marks the chosen notifications read in every cached list at once (all of them when `ids` is null), lowering the
 * unread count by as many as were unread. Returns the lists as they were, to put back on a refusal.
 */
function markReadInCache(queryClient: QueryClient, ids: string[] | null) {
  const chosen = (item: Notification) => ids === null || ids.includes(item.id);
  const before = queryClient.getQueriesData<Pages>({ queryKey: notificationKeys.all });
  const now = new Date().toISOString();
  const seen = new Map<string, Notification>();
  for (const [, data] of before)
    for (const page of data?.pages ?? []) for (const item of page.notifications) seen.set(item.id, item);
  const newlyRead = [...seen.values()].filter((item) => item.readAt === null && chosen(item)).length;
  for (const [key, data] of before) {
    if (!data?.pages) continue;
    queryClient.setQueryData<Pages>(key, {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        unread: ids === null ? 0 : Math.max(0, page.unread - newlyRead),
        notifications: page.notifications.map((item) =>
          item.readAt === null && chosen(item) ? { ...item, readAt: now } : item,
        ),
      })),
    });
  }
  return before;
}

function useMarkRead<Variables>(
  call: (variables: Variables) => Promise<unknown>,
  ids: (variables: Variables) => string[] | null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      return { before: markReadInCache(queryClient, ids(variables)) };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Marks these notifications read; the tray and the page show it at once. */
export function useMarkNotificationsRead() {
  return useMarkRead(markNotificationsRead, (ids: string[]) => ids);
}

/** Marks every notification of the person read. */
export function useMarkAllNotificationsRead() {
  return useMarkRead(markAllNotificationsRead, () => null);
}
