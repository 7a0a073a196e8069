import type { AdminStats, AdminStatsReply } from '@learnbuild/domain/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';
import { DASHBOARD_REFRESH, loggedCall } from './refresh';

export async function getAdminStats(): Promise<AdminStats> {
  return loggedCall(
    'admin stats',
    async () => (await api.get<AdminStatsReply>('/api/auth/admin-dashboard-stats')).data.stats,
  );
}

export function useAdminStats(userId: string) {
  return useQuery({ queryKey: dashboardKeys.adminStats(userId), queryFn: getAdminStats, ...DASHBOARD_REFRESH });
}
