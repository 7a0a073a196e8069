import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { updateCachedCourse } from './course-cache';

export interface ResumeInput {
  courseId: string;
  lessonId: string;
  positionSeconds: number;
}

export async function saveResume({ courseId, lessonId, positionSeconds }: ResumeInput) {
  return (
    await api.put<{ success: true }>(`/api/courses/${encodeURIComponent(courseId)}/resume`, {
      lessonId,
      positionSeconds: Math.max(0, Math.floor(positionSeconds)),
    })
  ).data;
}

/**
 * Remembers where the learner is. Quiet by design: a lost resume point is not worth an error
 * message. The cached course learns the point at once, so Continue and the video agree with it.
 */
export function useSaveResume() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: saveResume,
    retry: 1,
    onMutate: ({ courseId, lessonId, positionSeconds }) => {
      updateCachedCourse(queryClient, userId, courseId, (course) => ({
        ...course,
        viewer: { ...course.viewer, lastLessonId: lessonId, lastPositionSeconds: Math.floor(positionSeconds) },
      }));
    },
  });
}
