import type { DashboardResume, DashboardResumeReply } from '@learnbuild/domain/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';
import { DASHBOARD_REFRESH, loggedCall } from './refresh';

export async function getResume(): Promise<DashboardResume> {
  return loggedCall(
    'where you left off',
    async () => (await api.get<DashboardResumeReply>('/api/dashboard/resume')).data.resume,
  );
}

/** The learner's last lesson and last problem, for 'Continue where you left off'. */
export function useResume(userId: string) {
  return useQuery({ queryKey: dashboardKeys.resume(userId), queryFn: getResume, ...DASHBOARD_REFRESH });
}
