import type { ScheduleReply } from '@learnbuild/domain/schemas/cohorts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { cohortsKey, coursePath } from './keys';

/** Due days are counted in the learner's own (browser) time zone. */
export async function getSchedule(courseId: string, timeZone: string): Promise<ScheduleReply> {
  return (await api.get<ScheduleReply>(`${coursePath(courseId)}/schedule`, { params: { timeZone } })).data;
}

export const scheduleQuery = (userId: string | null, courseId: string, timeZone: string) =>
  queryOptions({
    queryKey: [...cohortsKey(userId), 'schedule', courseId, timeZone] as const,
    queryFn: () => getSchedule(courseId, timeZone),
  });

export function useSchedule(courseId: string, enabled = true) {
  const { user } = useSession();
  return useQuery({ ...scheduleQuery(user?.id ?? null, courseId, browserTimeZone()), enabled: enabled && !!user });
}
