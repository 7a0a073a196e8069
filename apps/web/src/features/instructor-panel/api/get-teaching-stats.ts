import type { TeachingStatsReply } from '@learnbuild/domain/schemas/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { instructorPanelKeys } from './keys';

/** The caller's own courses in every status, with learners, completions, average progress and rating. */
export async function getTeachingStats(): Promise<TeachingStatsReply> {
  return (await api.get<TeachingStatsReply>('/api/instructor/courses')).data;
}

export const teachingStatsQuery = queryOptions({
  queryKey: instructorPanelKeys.teaching,
  queryFn: getTeachingStats,
  // Edits happen on other screens: coming back to the panel always shows fresh numbers.
  staleTime: 0,
});

export function useTeachingStats() {
  return useQuery(teachingStatsQuery);
}
