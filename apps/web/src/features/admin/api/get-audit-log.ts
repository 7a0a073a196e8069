import type { AuditLogReply } from '@learnbuild/domain/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './keys';

export async function getAuditLog(page: number): Promise<AuditLogReply> {
  return (await api.get<AuditLogReply>('/api/admin/audit-log', { params: { page } })).data;
}

export const auditLogQuery = (page: number) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'audit-log', page] as const,
    queryFn: () => getAuditLog(page),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(page: number) {
  return useQuery(auditLogQuery(page));
}
