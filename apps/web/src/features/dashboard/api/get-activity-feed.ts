import type { ActivityFeedReply } from '@learnbuild/domain/schemas/dashboard';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';
import { DASHBOARD_REFRESH, loggedCall } from './refresh';

export async function getActivityFeed(page: number, pageSize: number): Promise<ActivityFeedReply> {
  return loggedCall(
    'recent activity',
    async () => (await api.get<ActivityFeedReply>('/api/dashboard/activity', { params: { page, pageSize } })).data,
  );
}

/** The user's own recent actions (DESIGN decision 3), a page at a time; the previous page stays while the next loads. */
export function useActivityFeed(userId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: dashboardKeys.activityFeed(userId, page, pageSize),
    queryFn: () => getActivityFeed(page, pageSize),
    placeholderData: keepPreviousData,
    ...DASHBOARD_REFRESH,
  });
}
