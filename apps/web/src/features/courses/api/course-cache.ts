import type { CourseDetail, CourseProgressReply } from '@learnbuild/domain/schemas/courses';
import type { QueryClient } from '@tanstack/react-query';
import { courseDetailKey } from './keys';

/** Changes a course wherever it is cached (the page may have been opened by its id and by its slug). */
export function updateCachedCourse(
  queryClient: QueryClient,
  userId: string | null,
  courseId: string,
  update: (course: CourseDetail) => CourseDetail,
) {
  queryClient.setQueriesData<CourseDetail>({ queryKey: courseDetailKey(userId) }, (course) =>
    course && course._id === courseId ? update(course) : course,
  );
}

/** The course as the server's progress reply describes it: ticks, completion and certificate. */
export function withProgress(course: CourseDetail, progress: Omit<CourseProgressReply, 'success'>): CourseDetail {
  const done = new Set(progress.completedLessonIds);
  return {
    ...course,
    sections: course.sections.map((section) => ({
      ...section,
      lessons: section.lessons.map((lesson) => ({ ...lesson, completed: done.has(lesson.id) })),
    })),
    viewer: {
      ...course.viewer,
      completedLessonIds: progress.completedLessonIds,
      completedAt: progress.completedAt,
      certificateId: progress.certificateId,
    },
  };
}

/** One lesson ticked or unticked, before the server answers. */
export function withLessonMark(course: CourseDetail, lessonId: string, completed: boolean): CourseDetail {
  const ids = new Set(course.viewer.completedLessonIds);
  if (completed) ids.add(lessonId);
  else ids.delete(lessonId);
  return withProgress(course, {
    completedLessonIds: [...ids],
    percent: 0,
    completedAt: course.viewer.completedAt,
    certificateId: course.viewer.certificateId,
  });
}
