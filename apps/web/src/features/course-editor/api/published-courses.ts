import type { CoursesReply } from '@learnbuild/domain/schemas/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { courseEditorKeys } from './keys';

/** At most this many catalogue pages are read for the prerequisite list (12 courses a page). */
const PAGES_MAX = 20;

/** Every published course by title, for the "course to complete first" choice (issue 30). */
export async function getPublishedCourses(): Promise<{ id: string; title: string }[]> {
  const found: { id: string; title: string }[] = [];
  for (let page = 1; page <= PAGES_MAX; page++) {
    const reply = (await api.get<CoursesReply>('/api/courses', { params: { page, sort: 'newest' } })).data;
    found.push(...reply.courses.map((course) => ({ id: course._id, title: course.title })));
    if (page * reply.pageSize >= reply.total) break;
  }
  return found.sort((a, b) => a.title.localeCompare(b.title));
}

export const publishedCoursesQuery = () =>
  queryOptions({ queryKey: [...courseEditorKeys.all, 'published-courses'], queryFn: getPublishedCourses });

export function usePublishedCourses() {
  return useQuery(publishedCoursesQuery());
}
