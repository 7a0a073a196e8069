import type { CourseInsightReply } from '@learnbuild/domain/schemas/course-insight';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { instructorPanelKeys } from './keys';

/** A course's insight, as its last snapshot computed it (`insight.computedAt` says when). */
export async function getCourseInsight(courseId: string): Promise<CourseInsightReply> {
  return (await api.get<CourseInsightReply>(`/api/courses/${encodeURIComponent(courseId)}/insight`)).data;
}

export const courseInsightQuery = (courseId: string) =>
  queryOptions({
    queryKey: instructorPanelKeys.insight(courseId),
    queryFn: () => getCourseInsight(courseId),
    staleTime: 60_000,
  });

export function useCourseInsight(courseId: string) {
  return useQuery(courseInsightQuery(courseId));
}
