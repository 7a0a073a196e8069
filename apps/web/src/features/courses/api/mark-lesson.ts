import type { CourseDetail, CourseProgressReply } from '@learnbuild/domain/schemas/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { updateCachedCourse, withLessonMark, withProgress } from './course-cache';
import { courseDetailKey, coursesKey } from './keys';

export interface MarkLessonInput {
  courseId: string;
  lessonId: string;
  completed: boolean;
}

export async function markLesson({ courseId, lessonId, completed }: MarkLessonInput): Promise<CourseProgressReply> {
  const path = `/api/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}/progress`;
  return (await api.put<CourseProgressReply>(path, { completed })).data;
}

/** The tick shows at once; a refusal puts the course back as it was. */
export function useMarkLesson() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: markLesson,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: courseDetailKey(userId) });
      const before = queryClient.getQueriesData<CourseDetail>({ queryKey: courseDetailKey(userId) });
      updateCachedCourse(queryClient, userId, input.courseId, (course) =>
        withLessonMark(course, input.lessonId, input.completed),
      );
      return { before };
    },
    onSuccess: (progress, input) => {
      updateCachedCourse(queryClient, userId, input.courseId, (course) => withProgress(course, progress));
    },
    onError: (_error, _input, context) => {
      for (const [key, course] of context?.before ?? []) queryClient.setQueryData(key, course);
    },
    // The catalogue's 'My learning' percentages follow.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...coursesKey(userId), 'list'] }),
  });
}
