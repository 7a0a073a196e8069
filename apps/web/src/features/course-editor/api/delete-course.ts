import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { courseEditorKeys } from './keys';

export interface DeleteCourseReply {
  success: true;
  message: string;
  /** True when the course had learners and was archived instead of erased. */
  archived: boolean;
}

export async function deleteCourse(courseId: string): Promise<DeleteCourseReply> {
  return (await api.delete<DeleteCourseReply>(`/api/courses/${courseId}`)).data;
}

export function useDeleteCourse(courseKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCourse,
    onSuccess: (reply) => {
      if (reply.archived) void queryClient.invalidateQueries({ queryKey: courseEditorKeys.course(courseKey) });
      else queryClient.removeQueries({ queryKey: courseEditorKeys.course(courseKey) });
    },
  });
}
