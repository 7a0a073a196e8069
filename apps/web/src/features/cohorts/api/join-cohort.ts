import type { Cohort } from '@learnbuild/domain/schemas/cohorts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { COURSES_PREFIX, cohortsKey, coursePath } from './keys';

type JoinReply = { success: true; message: string; cohort: Cohort };

export async function joinCohort({ courseId, cohortId }: { courseId: string; cohortId: string }) {
  return (await api.post<JoinReply>(`${coursePath(courseId)}/cohorts/${encodeURIComponent(cohortId)}/join`)).data;
}

export async function leaveCohort({ courseId, cohortId }: { courseId: string; cohortId: string }) {
  return (await api.delete<JoinReply>(`${coursePath(courseId)}/cohorts/${encodeURIComponent(cohortId)}/join`)).data;
}

/** Joining may enrol in the course: the course page's own queries refresh too. */
export function useJoinCohort() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: joinCohort,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cohortsKey(userId) }),
        queryClient.invalidateQueries({ queryKey: COURSES_PREFIX }),
      ]),
  });
}

export function useLeaveCohort() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: leaveCohort,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cohortsKey(userId) }),
  });
}
