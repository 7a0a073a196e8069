import type { CourseDetail, CourseReply } from '@learnbuild/domain/schemas/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { courseEditorKeys } from './keys';

/** The course as its owner (or an admin) sees it: every lesson's content, quiz answers included. */
export async function getEditableCourse(courseKey: string): Promise<CourseDetail> {
  return (await api.get<CourseReply>(`/api/courses/${encodeURIComponent(courseKey)}`)).data.course;
}

export const editableCourseQuery = (courseKey: string) =>
  queryOptions({
    queryKey: courseEditorKeys.course(courseKey),
    queryFn: () => getEditableCourse(courseKey),
    // The editor must start from what the server holds now, not from a cached copy.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

export function useEditableCourse(courseKey: string) {
  return useQuery(editableCourseQuery(courseKey));
}
