import type { ExerciseLanguage, ExerciseSubmitReply } from '@learnbuild/domain/schemas/exercises';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { updateCachedCourse, withProgress } from './course-cache';
import { coursesKey } from './keys';

export interface ExerciseSubmitInput {
  courseId: string;
  lessonId: string;
  language: ExerciseLanguage;
  code: string;
}

export const exerciseSubmissionsPath = (courseId: string, lessonId: string) =>
  `/api/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}/exercise/submissions`;

export async function submitExercise({ courseId, lessonId, language, code }: ExerciseSubmitInput) {
  return (await api.post<ExerciseSubmitReply>(exerciseSubmissionsPath(courseId, lessonId), { language, code })).data;
}

/** The server judges the code at once; an Accepted one completes the lesson, so the course shows the tick. */
export function useSubmitExercise() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: submitExercise,
    onSuccess: (reply, input) => {
      const completedLessonIds = reply.completedLessonIds;
      if (!completedLessonIds) return;
      updateCachedCourse(queryClient, userId, input.courseId, (course) =>
        withProgress(course, {
          completedLessonIds,
          percent: 0,
          completedAt: course.viewer.completedAt,
          certificateId: course.viewer.certificateId,
        }),
      );
      if (reply.submission.verdict === 'Accepted')
        void queryClient.invalidateQueries({ queryKey: [...coursesKey(userId), 'list'] });
    },
  });
}
