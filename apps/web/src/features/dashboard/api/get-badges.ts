import type { EarnedBadge, MyBadgesReply } from '@learnbuild/domain/schemas/badges';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';
import { DASHBOARD_REFRESH, loggedCall } from './refresh';

export async function getMyBadges(): Promise<EarnedBadge[]> {
  return loggedCall('your badges', async () => (await api.get<MyBadgesReply>('/api/badges/mine')).data.badges);
}

/** The learner's badges, newest first (issue 29). */
export function useMyBadges(userId: string | null) {
  return useQuery({
    queryKey: dashboardKeys.badges(userId ?? ''),
    queryFn: getMyBadges,
    enabled: userId !== null,
    ...DASHBOARD_REFRESH,
  });
}
