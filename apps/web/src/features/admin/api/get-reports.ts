import type { ReportsReply } from '@learnbuild/domain/schemas/community';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportStatus } from '@/features/admin/use-admin-params';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './keys';

export interface ReportsFilter {
  status: ReportStatus;
  page: number;
}

export async function getReports(filter: ReportsFilter): Promise<ReportsReply> {
  return (await api.get<ReportsReply>('/api/admin/community/reports', { params: filter })).data;
}

export const reportsQuery = (filter: ReportsFilter) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'reports', filter] as const,
    queryFn: () => getReports(filter),
    placeholderData: keepPreviousData,
  });

export function useReports(filter: ReportsFilter) {
  return useQuery(reportsQuery(filter));
}
