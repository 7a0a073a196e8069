import type { ReviewBody } from '@learnbuild/domain/schemas/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { coursesKey } from './keys';

export async function saveReview({ courseId, ...body }: ReviewBody & { courseId: string }) {
  return (await api.put<{ success: true }>(`/api/courses/${encodeURIComponent(courseId)}/reviews/mine`, body)).data;
}

/** A review changes the list, the course's rating and the catalogue's stars. */
export function useSaveReview() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: saveReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: coursesKey(userId) }),
  });
}
