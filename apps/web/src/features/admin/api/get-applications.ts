import type { ApplicationsReply } from '@learnbuild/domain/schemas/admin';
import type { StoredApplicationStatus } from '@learnbuild/domain/schemas/instructor-applications';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './keys';

export interface ApplicationsFilter {
  status?: StoredApplicationStatus;
  q?: string;
  page: number;
}

export async function getApplications(filter: ApplicationsFilter): Promise<ApplicationsReply> {
  return (await api.get<ApplicationsReply>('/api/admin/instructor-applications', { params: filter })).data;
}

export const applicationsQuery = (filter: ApplicationsFilter) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'applications', filter] as const,
    queryFn: () => getApplications(filter),
    // The page being read stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useApplications(filter: ApplicationsFilter) {
  return useQuery(applicationsQuery(filter));
}
