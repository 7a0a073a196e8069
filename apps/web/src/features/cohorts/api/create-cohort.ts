import type { Cohort, CohortBody } from '@learnbuild/domain/schemas/cohorts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { cohortsKey, coursePath } from './keys';

export async function createCohort({ courseId, body }: { courseId: string; body: CohortBody }) {
  return (await api.post<{ success: true; cohort: Cohort }>(`${coursePath(courseId)}/cohorts`, body)).data.cohort;
}

export function useCreateCohort() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: createCohort,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cohortsKey(userId) }),
  });
}
