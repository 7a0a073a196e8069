import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { coursesKey } from './keys';

export async function enroll(courseId: string) {
  return (
    await api.post<{ success: true; message: string; enrolled: true }>(
      `/api/courses/${encodeURIComponent(courseId)}/enroll`,
    )
  ).data;
}

/** Enrolling changes what the course page shows (lesson bodies, Continue) and the learner's list. */
export function useEnroll() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: enroll,
    onSettled: () => queryClient.invalidateQueries({ queryKey: coursesKey(userId) }),
  });
}
