import type { SubjectSummary } from '@learnbuild/domain/schemas/subjects';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';
import { DASHBOARD_REFRESH, loggedCall } from './refresh';

export async function getDashboardSubjects(): Promise<SubjectSummary[]> {
  return loggedCall('subject progress', async () => {
    const { data } = await api.get<{ success: true; subjects: SubjectSummary[] }>('/api/subjects');
    return data.subjects;
  });
}

/**
 * Subject progress. SPEC 8: with no data yet and a failed call, the locally stored progress of the
 * four core subjects (`localSubjects`, handed in by the screen); after a failed refresh, the last data.
 */
export function useDashboardSubjects(userId: string, localSubjects: () => SubjectSummary[]) {
  const query = useQuery({
    queryKey: dashboardKeys.subjects(userId),
    queryFn: getDashboardSubjects,
    ...DASHBOARD_REFRESH,
  });
  return { subjects: query.data ?? (query.isError ? localSubjects() : undefined), query };
}
