import type { CourseDetail, CourseReply } from '@learnbuild/domain/schemas/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { courseDetailKey } from './keys';

/** A course by its id or slug, with what the caller may see of its lessons. */
export async function getCourse(idOrSlug: string): Promise<CourseDetail> {
  return (await api.get<CourseReply>(`/api/courses/${encodeURIComponent(idOrSlug)}`)).data.course;
}

export const courseQuery = (userId: string | null, idOrSlug: string) =>
  queryOptions({
    queryKey: [...courseDetailKey(userId), idOrSlug] as const,
    queryFn: () => getCourse(idOrSlug),
  });

export function useCourse(idOrSlug: string) {
  const { user } = useSession();
  return useQuery(courseQuery(user?.id ?? null, idOrSlug));
}
