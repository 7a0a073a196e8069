import type { CourseProgressReply } from '@learnbuild/domain/schemas/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { announceBadges } from '@/lib/badge-announcements';
import { useSession } from '@/lib/session';
import { updateCachedCourse, withProgress } from './course-cache';
import { coursesKey } from './keys';

export async function completeCourse(courseId: string): Promise<CourseProgressReply> {
  const { data } = await api.post<CourseProgressReply>(`/api/courses/${encodeURIComponent(courseId)}/complete`);
  announceBadges(data.badgesAwarded);
  return data;
}

/** Idempotent on the server: the first call issues the certificate, later ones return it. */
export function useCompleteCourse() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: completeCourse,
    onSuccess: (progress, courseId) => {
      updateCachedCourse(queryClient, userId, courseId, (course) => withProgress(course, progress));
      void queryClient.invalidateQueries({ queryKey: [...coursesKey(userId), 'list'] });
    },
  });
}
