import type { CourseReply, ReorderBody, SectionBody } from '@learnbuild/domain/schemas/courses';
import { withSectionOrder } from '@/features/course-editor/curriculum-order';
import { api } from '@/lib/api-client';
import { useCourseMutation } from './course-mutation';

// The four section writes share one shape (the whole course back), so they sit together.

export async function createSection({ courseId, body }: { courseId: string; body: SectionBody }) {
  return (await api.post<CourseReply>(`/api/courses/${courseId}/sections`, body)).data;
}

export async function renameSection({
  courseId,
  sectionId,
  body,
}: {
  courseId: string;
  sectionId: string;
  body: SectionBody;
}) {
  return (await api.put<CourseReply>(`/api/courses/${courseId}/sections/${sectionId}`, body)).data;
}

export async function deleteSection({ courseId, sectionId }: { courseId: string; sectionId: string }) {
  return (await api.delete<CourseReply>(`/api/courses/${courseId}/sections/${sectionId}`)).data;
}

export async function reorderSections({ courseId, body }: { courseId: string; body: ReorderBody }) {
  return (await api.put<CourseReply>(`/api/courses/${courseId}/sections/order`, body)).data;
}

export function useCreateSection(courseKey: string) {
  return useCourseMutation(courseKey, createSection);
}

export function useRenameSection(courseKey: string) {
  return useCourseMutation(courseKey, renameSection);
}

export function useDeleteSection(courseKey: string) {
  return useCourseMutation(courseKey, deleteSection);
}

export function useReorderSections(courseKey: string) {
  return useCourseMutation(courseKey, reorderSections, {
    optimistic: (course, { body }) => withSectionOrder(course, body.ids),
  });
}
