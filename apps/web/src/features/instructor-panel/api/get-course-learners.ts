import type { CourseLearnersReply } from '@learnbuild/domain/schemas/courses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { instructorPanelKeys } from './keys';

export const LEARNERS_PAGE_SIZE = 20;

export interface LearnersFilter {
  page: number;
  q?: string;
}

/** One page (20) of a course's learners with their progress; `q` matches name or email. */
export async function getCourseLearners(courseId: string, filter: LearnersFilter): Promise<CourseLearnersReply> {
  return (await api.get<CourseLearnersReply>(`/api/courses/${courseId}/learners`, { params: filter })).data;
}

export const courseLearnersQuery = (courseId: string, filter: LearnersFilter) =>
  queryOptions({
    queryKey: instructorPanelKeys.learners(courseId, filter),
    queryFn: () => getCourseLearners(courseId, filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useCourseLearners(courseId: string, filter: LearnersFilter) {
  return useQuery(courseLearnersQuery(courseId, filter));
}
