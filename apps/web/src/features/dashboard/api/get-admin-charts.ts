import type { AdminCharts, AdminChartsReply } from '@learnbuild/domain/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/dates';
import { dashboardKeys } from './keys';
import { DASHBOARD_REFRESH, loggedCall } from './refresh';

export async function getAdminCharts(): Promise<AdminCharts> {
  return loggedCall(
    'admin charts',
    // The charts end on the admin's own today, so their days are counted in the admin's zone.
    async () =>
      (await api.get<AdminChartsReply>('/api/admin/dashboard-charts', { params: { timeZone: browserTimeZone() } })).data
        .charts,
  );
}

export function useAdminCharts(userId: string) {
  return useQuery({ queryKey: dashboardKeys.adminCharts(userId), queryFn: getAdminCharts, ...DASHBOARD_REFRESH });
}
