import type { CourseReply, LessonBody, ReorderBody, updateLessonBodySchema } from '@learnbuild/domain/schemas/courses';
import type { z } from 'zod';
import { withLessonOrder } from '@/features/course-editor/curriculum-order';
import { api } from '@/lib/api-client';
import { useCourseMutation } from './course-mutation';

export type UpdateLessonBody = z.input<typeof updateLessonBodySchema>;

export async function createLesson({
  courseId,
  sectionId,
  body,
}: {
  courseId: string;
  sectionId: string;
  body: LessonBody;
}) {
  return (await api.post<CourseReply>(`/api/courses/${courseId}/sections/${sectionId}/lessons`, body)).data;
}

export async function updateLesson({
  courseId,
  lessonId,
  body,
}: {
  courseId: string;
  lessonId: string;
  body: UpdateLessonBody;
}) {
  return (await api.put<CourseReply>(`/api/courses/${courseId}/lessons/${lessonId}`, body)).data;
}

export async function deleteLesson({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  return (await api.delete<CourseReply>(`/api/courses/${courseId}/lessons/${lessonId}`)).data;
}

export async function reorderLessons({
  courseId,
  sectionId,
  body,
}: {
  courseId: string;
  sectionId: string;
  body: ReorderBody;
}) {
  return (await api.put<CourseReply>(`/api/courses/${courseId}/sections/${sectionId}/lessons/order`, body)).data;
}

export function useCreateLesson(courseKey: string) {
  return useCourseMutation(courseKey, createLesson);
}

export function useUpdateLesson(courseKey: string) {
  return useCourseMutation(courseKey, updateLesson);
}

export function useDeleteLesson(courseKey: string) {
  return useCourseMutation(courseKey, deleteLesson);
}

export function useReorderLessons(courseKey: string) {
  return useCourseMutation(courseKey, reorderLessons, {
    optimistic: (course, { sectionId, body }) => withLessonOrder(course, sectionId, body.ids),
  });
}
