import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { coursesKey } from './keys';

export async function deleteReview(courseId: string) {
  return (
    await api.delete<{ success: true; message: string }>(`/api/courses/${encodeURIComponent(courseId)}/reviews/mine`)
  ).data;
}

/** Removing a review changes the list and the course's rating. */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: coursesKey(userId) }),
  });
}
