import type { CourseCategory, CourseLevel, CoursesReply } from '@learnbuild/domain/schemas/courses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { coursesKey } from './keys';

export interface CoursesFilter {
  q?: string;
  category?: CourseCategory;
  level?: CourseLevel;
  sort?: 'newest' | 'popular';
  page: number;
  /** The caller's enrolled courses, with their progress. */
  mine?: 'enrolled';
}

export async function getCourses(filter: CoursesFilter): Promise<CoursesReply> {
  return (await api.get<CoursesReply>('/api/courses', { params: filter })).data;
}

export const coursesQuery = (userId: string | null, filter: CoursesFilter) =>
  queryOptions({
    queryKey: [...coursesKey(userId), 'list', filter] as const,
    queryFn: () => getCourses(filter),
    // The last page stays on screen while the next filter loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });

export function useCourses(filter: CoursesFilter) {
  const { user } = useSession();
  return useQuery(coursesQuery(user?.id ?? null, filter));
}
