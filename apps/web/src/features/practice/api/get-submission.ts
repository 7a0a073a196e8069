import type { Submission, submissionReplySchema } from '@learnbuild/domain/schemas/judge';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { practiceKeys } from './keys';

/** How often a submission still queued or running is asked for again. */
export const SUBMISSION_POLL_MS = 500;

export async function getSubmission(id: string): Promise<Submission> {
  return (await api.get<z.infer<typeof submissionReplySchema>>(`/api/submissions/${encodeURIComponent(id)}`)).data
    .submission;
}

export const submissionQuery = (userId: string, id: string) =>
  queryOptions({
    queryKey: practiceKeys.submission(userId, id),
    queryFn: () => getSubmission(id),
    // Asked for again until the judge is done; a verdict never changes after that.
    refetchInterval: (query) => (query.state.data?.status === 'done' ? false : SUBMISSION_POLL_MS),
    refetchIntervalInBackground: true,
    staleTime: (query) => (query.state.data?.status === 'done' ? Number.POSITIVE_INFINITY : 0),
  });

/** The submission `id` (null: none yet), followed until its verdict. */
export function useSubmission(id: string | null) {
  const userId = useSession().user?.id ?? '';
  return useQuery({ ...submissionQuery(userId, id ?? ''), enabled: id !== null && userId !== '' });
}
