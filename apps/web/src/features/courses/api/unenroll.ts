import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { coursesKey } from './keys';

export async function unenroll(courseId: string) {
  return (await api.delete<{ success: true; message: string }>(`/api/courses/${encodeURIComponent(courseId)}/enroll`))
    .data;
}

/** Leaving keeps the lesson marks on the server, so enrolling again restores the progress. */
export function useUnenroll() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: unenroll,
    onSettled: () => queryClient.invalidateQueries({ queryKey: coursesKey(userId) }),
  });
}
