import { ACTIVITY_DAYS } from '@learnbuild/domain/constants';
import { type ActivityDay, activityOrFallback } from '@learnbuild/domain/rules/dsa-stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { browserTimeZone, browserToday } from '@/features/dsa/time-zone';
import { api } from '@/lib/api-client';
import { dsaKeys } from './keys';

/** SPEC 8 / DESIGN decision 2: a failed reply gives an all-empty grid ending today, only logged. */
export async function getDsaActivity(days: number = ACTIVITY_DAYS): Promise<ActivityDay[]> {
  let reply: unknown;
  try {
    reply = (await api.get('/api/dsa/progress/activity', { params: { timeZone: browserTimeZone(), days } })).data;
  } catch (error) {
    console.warn('Could not load DSA activity; showing an empty grid', error);
  }
  return activityOrFallback(reply, browserToday()).activity;
}

export function activityQuery(days: number = ACTIVITY_DAYS) {
  return queryOptions({ queryKey: dsaKeys.activity(days), queryFn: () => getDsaActivity(days) });
}

export function useDsaActivity(days: number = ACTIVITY_DAYS) {
  return useQuery(activityQuery(days));
}
