import type { CourseInsightReply } from '@learnbuild/domain/schemas/course-insight';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { instructorPanelKeys } from './keys';

/** Recomputes the insight now; the server allows it once a minute per course (429 sooner). */
export async function refreshCourseInsight(courseId: string): Promise<CourseInsightReply> {
  return (await api.post<CourseInsightReply>(`/api/courses/${encodeURIComponent(courseId)}/insight/refresh`, {})).data;
}

export function useRefreshCourseInsight(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshCourseInsight(courseId),
    onSuccess: (reply) => queryClient.setQueryData(instructorPanelKeys.insight(courseId), reply),
  });
}
