import type { CourseSummary, CourseSummaryReply } from '@learnbuild/domain/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';
import { DASHBOARD_REFRESH, loggedCall } from './refresh';

const NO_COURSES: CourseSummary = {
  totalCourses: 0,
  enrolledCourses: 0,
  totalStudents: 0,
  completionPercent: 0,
  myCourses: [],
};

export async function getCourseSummary(): Promise<CourseSummary> {
  return loggedCall(
    'course figures',
    async () => (await api.get<CourseSummaryReply>('/api/dashboard/courses')).data.courses,
  );
}

/** Course figures; a first failure shows an empty catalogue rather than a message (SPEC 8). */
export function useCourseSummary(userId: string) {
  const query = useQuery({ queryKey: dashboardKeys.courses(userId), queryFn: getCourseSummary, ...DASHBOARD_REFRESH });
  return { courses: query.data ?? (query.isError ? NO_COURSES : undefined), query };
}
