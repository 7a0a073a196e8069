import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { cohortsKey, coursePath } from './keys';

export async function deleteCohort({ courseId, cohortId }: { courseId: string; cohortId: string }) {
  return (
    await api.delete<{ success: true; message: string }>(
      `${coursePath(courseId)}/cohorts/${encodeURIComponent(cohortId)}`,
    )
  ).data;
}

export function useDeleteCohort() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: deleteCohort,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cohortsKey(userId) }),
  });
}
