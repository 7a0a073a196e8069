import type { AdminJobsReply, RunJobReply } from '@learnbuild/domain/schemas/jobs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './keys';

/** How often the open Jobs tab asks again, so a run started elsewhere shows without a reload. */
const JOBS_REFRESH_MS = 15_000;
/** A run asked for now is usually over within this; the list is read again then. */
const RUN_SETTLE_MS = 2_000;

export async function getJobs(): Promise<AdminJobsReply> {
  return (await api.get<AdminJobsReply>('/api/admin/jobs')).data;
}

export const jobsQuery = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'jobs'] as const,
    queryFn: getJobs,
    refetchInterval: JOBS_REFRESH_MS,
  });

export function useJobs() {
  return useQuery(jobsQuery());
}

export async function runJob(name: string): Promise<RunJobReply> {
  return (await api.post<RunJobReply>(`/api/admin/jobs/${encodeURIComponent(name)}/run`)).data;
}

/** Asks for one run of a job now; the list is read again once the run has had time to finish. */
export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runJob,
    onSuccess: () => {
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: jobsQuery().queryKey }), RUN_SETTLE_MS);
    },
  });
}
