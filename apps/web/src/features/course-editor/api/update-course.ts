import type { CourseReply, UpdateCourseBody } from '@learnbuild/domain/schemas/courses';
import { api } from '@/lib/api-client';
import { useCourseMutation } from './course-mutation';

/** Saves details, or changes the status: publishing is checked by the server (400 with what is missing). */
export async function updateCourse({ courseId, body }: { courseId: string; body: UpdateCourseBody }) {
  return (await api.put<CourseReply>(`/api/courses/${courseId}`, body)).data;
}

export function useUpdateCourse(courseKey: string) {
  return useCourseMutation(courseKey, updateCourse);
}
