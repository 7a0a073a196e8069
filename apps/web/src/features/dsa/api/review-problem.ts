import type { DsaProgress } from '@learnbuild/domain/schemas/dsa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import { browserTimeZone } from '@/features/dsa/time-zone';
import { api, errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { refreshRevisionLists, storeProgress } from './update-progress';

export async function reviewProblem(problemId: string): Promise<DsaProgress> {
  const { data } = await api.post<{ success: true; progress: DsaProgress }>(`/api/dsa/progress/${problemId}/review`, {
    timeZone: browserTimeZone(),
  });
  return data.progress;
}

export function useReviewProblem() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: reviewProblem,
    onSuccess: (progress) => {
      storeProgress(queryClient, progress);
      // The 'Revise today' list should drop the problem now that it is scheduled later.
      refreshRevisionLists(queryClient);
      toast(
        progress.revisionDueOn
          ? `Reviewed. Next review on ${formatDay(progress.revisionDueOn)}.`
          : 'Reviewed. Revision schedule complete.',
        'success',
      );
    },
    onError: (error) => toast(errorMessage(error, 'Your review could not be saved'), 'error'),
  });
}
