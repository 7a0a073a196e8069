import type { CourseReply, CreateCourseBody } from '@learnbuild/domain/schemas/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { courseEditorKeys } from './keys';

export async function createCourse(body: CreateCourseBody): Promise<CourseReply> {
  return (await api.post<CourseReply>('/api/courses', body)).data;
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    // The editor opens the new course by its id: it starts from this reply instead of asking again.
    onSuccess: (reply) => queryClient.setQueryData(courseEditorKeys.course(reply.course._id), reply.course),
  });
}
