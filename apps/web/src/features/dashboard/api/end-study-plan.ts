import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';

export async function endStudyPlan(): Promise<void> {
  await api.delete('/api/plans/mine');
}

export function useEndStudyPlan(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endStudyPlan,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.studyPlan(userId) }),
  });
}
