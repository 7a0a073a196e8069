import type { RevisionGrade } from '@learnbuild/domain/rules/revision';
import type { DsaProgress } from '@learnbuild/domain/schemas/dsa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import { browserTimeZone } from '@/features/dsa/time-zone';
import { api, errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { refreshRevisionLists, storeProgress } from './update-progress';

export interface Review {
  problemId: string;
  /** How well the learner recalled it (issue 29); left out on the simple schedule's 'Mark reviewed'. */
  grade?: RevisionGrade;
}

export interface ReviewResult {
  progress: DsaProgress;
  /** The next review's day in the learner's zone; null once the simple schedule is complete. */
  dueOn: string | null;
}

export async function reviewProblem({ problemId, grade }: Review): Promise<ReviewResult> {
  const { data } = await api.post<{ success: true } & ReviewResult>(`/api/dsa/progress/${problemId}/review`, {
    ...(grade ? { grade } : {}),
    timeZone: browserTimeZone(),
  });
  return { progress: data.progress, dueOn: data.dueOn ?? data.progress.revisionDueOn };
}

export function useReviewProblem() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: reviewProblem,
    onSuccess: ({ progress, dueOn }) => {
      storeProgress(queryClient, progress);
      // The 'Revise today' list should drop the problem now that it is scheduled later.
      refreshRevisionLists(queryClient);
      toast(
        dueOn ? `Reviewed. Next review on ${formatDay(dueOn)}.` : 'Reviewed. Revision schedule complete.',
        'success',
      );
    },
    onError: (error) => toast(errorMessage(error, 'Your review could not be saved'), 'error'),
  });
}
