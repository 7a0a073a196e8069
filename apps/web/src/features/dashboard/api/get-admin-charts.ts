import type { AdminCharts, AdminChartsReply } from '@learnbuild/domain/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';
import { DASHBOARD_REFRESH, loggedCall } from './refresh';

export async function getAdminCharts(): Promise<AdminCharts> {
  return loggedCall(
    'admin charts',
    async () => (await api.get<AdminChartsReply>('/api/admin/dashboard-charts')).data.charts,
  );
}

export function useAdminCharts(userId: string) {
  return useQuery({ queryKey: dashboardKeys.adminCharts(userId), queryFn: getAdminCharts, ...DASHBOARD_REFRESH });
}
