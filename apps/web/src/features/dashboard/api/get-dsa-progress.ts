import { ACTIVITY_DAYS } from '@learnbuild/domain/constants';
import {
  type ActivityDay,
  activityOrFallback,
  type DsaStats,
  statsOrFallback,
} from '@learnbuild/domain/rules/dsa-stats';
import { DEFAULT_TIME_ZONE, todayIn } from '@learnbuild/domain/rules/streaks';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';
import { DASHBOARD_REFRESH, loggedCall } from './refresh';

/** DESIGN decision 6: days are the browser's own. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export async function getDashboardDsaStats(): Promise<DsaStats> {
  return loggedCall('DSA stats', async () => {
    const { data } = await api.get('/api/dsa/progress/stats', { params: { timeZone: browserTimeZone() } });
    const result = statsOrFallback(data);
    if (result.fallback) throw new Error('malformed DSA stats reply');
    return result.stats;
  });
}

export async function getDashboardDsaActivity(): Promise<ActivityDay[]> {
  return loggedCall('DSA activity', async () => {
    const timeZone = browserTimeZone();
    const { data } = await api.get('/api/dsa/progress/activity', { params: { timeZone, days: ACTIVITY_DAYS } });
    const result = activityOrFallback(data, todayIn(timeZone));
    if (result.fallback) throw new Error('malformed DSA activity reply');
    return result.activity;
  });
}

/**
 * The sheet's numbers and the 49-day grid. SPEC 8 with DESIGN decision 2: with no data yet and a
 * failed call, zeroed stats and an all-empty grid; after a failed refresh, the last data stays.
 */
export function useDashboardDsa(userId: string) {
  const stats = useQuery({
    queryKey: dashboardKeys.dsaStats(userId),
    queryFn: getDashboardDsaStats,
    ...DASHBOARD_REFRESH,
  });
  const activity = useQuery({
    queryKey: dashboardKeys.dsaActivity(userId),
    queryFn: getDashboardDsaActivity,
    ...DASHBOARD_REFRESH,
  });
  return {
    stats: stats.data ?? (stats.isError ? statsOrFallback(undefined).stats : undefined),
    activity:
      activity.data ??
      (activity.isError ? activityOrFallback(undefined, todayIn(browserTimeZone())).activity : undefined),
    queries: [stats, activity],
  };
}
