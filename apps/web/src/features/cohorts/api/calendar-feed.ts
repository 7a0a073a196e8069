import type { CalendarFeedCreatedReply, CalendarFeedReply } from '@learnbuild/domain/schemas/cohorts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { cohortsKey } from './keys';

// The learner's calendar address: whether one exists (GET), a new one replacing it (POST), revoking it (DELETE).

const FEED_PATH = '/api/calendar/feed';

export async function getCalendarFeed(): Promise<CalendarFeedReply> {
  return (await api.get<CalendarFeedReply>(FEED_PATH)).data;
}

export const calendarFeedQuery = (userId: string | null) =>
  queryOptions({ queryKey: [...cohortsKey(userId), 'calendar-feed'] as const, queryFn: getCalendarFeed });

export function useCalendarFeed() {
  const { user } = useSession();
  return useQuery({ ...calendarFeedQuery(user?.id ?? null), enabled: !!user });
}

export async function createCalendarFeed(): Promise<CalendarFeedCreatedReply> {
  return (await api.post<CalendarFeedCreatedReply>(FEED_PATH)).data;
}

export async function revokeCalendarFeed() {
  return (await api.delete<{ success: true; message: string }>(FEED_PATH)).data;
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: createCalendarFeed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedQuery(userId).queryKey }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedQuery(userId).queryKey }),
  });
}
