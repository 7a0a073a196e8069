import type { Cohort, UpdateCohortBody } from '@learnbuild/domain/schemas/cohorts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { cohortsKey, coursePath } from './keys';

export async function updateCohort({
  courseId,
  cohortId,
  body,
}: {
  courseId: string;
  cohortId: string;
  body: UpdateCohortBody;
}) {
  return (
    await api.patch<{ success: true; cohort: Cohort }>(
      `${coursePath(courseId)}/cohorts/${encodeURIComponent(cohortId)}`,
      body,
    )
  ).data.cohort;
}

export function useUpdateCohort() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: updateCohort,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cohortsKey(userId) }),
  });
}
