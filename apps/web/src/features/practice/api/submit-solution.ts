import type { SubmissionRequest, submitReplySchema } from '@learnbuild/domain/schemas/judge';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { practiceKeys, problemPath } from './keys';

type Submitted = z.infer<typeof submitReplySchema>['submission'];

/** Queues the code for the judge (202): the verdict comes later, read by getSubmission. */
export async function submitSolution(slug: string, request: SubmissionRequest): Promise<Submitted> {
  return (await api.post<z.infer<typeof submitReplySchema>>(`${problemPath(slug)}/submissions`, request)).data
    .submission;
}

/** Submits and puts the new submission at the top of the learner's list. */
export function useSubmitSolution(slug: string) {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    // An Accepted solve counts on the learner's own day, as the sheet's checkbox does (DESIGN decision 6).
    mutationFn: (request: Omit<SubmissionRequest, 'timeZone'>) =>
      submitSolution(slug, { ...request, timeZone: browserTimeZone() }),
    onSuccess: () => {
      if (userId) void queryClient.invalidateQueries({ queryKey: practiceKeys.submissions(userId, slug) });
    },
  });
}
