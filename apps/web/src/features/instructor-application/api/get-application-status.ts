import type { ApplicationStatusReply } from '@learnbuild/domain/schemas/instructor-applications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every application query starts with this key; a submission refreshes all of them. */
export const applicationQueryKey = ['instructor-application'] as const;
export const applicationStatusQueryKey = (userId: string) => [...applicationQueryKey, 'status', userId] as const;

export async function getApplicationStatus(): Promise<ApplicationStatusReply> {
  return (await api.get<ApplicationStatusReply>('/api/auth/instructor-application-status')).data;
}

export const applicationStatusQuery = (userId: string) =>
  queryOptions({ queryKey: applicationStatusQueryKey(userId), queryFn: getApplicationStatus });

export function useApplicationStatus(userId: string, enabled: boolean) {
  return useQuery({ ...applicationStatusQuery(userId), enabled });
}
