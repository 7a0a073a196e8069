import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { dashboardKeys } from '@/features/dashboard/api/keys';
import { meQueryKey } from '@/lib/session';
import { type LiveStatus, useLiveUpdates } from './use-live-updates';

export interface DashboardSync {
  /** True while any dashboard query is fetching ('Syncing...'). */
  syncing: boolean;
  /** When the newest data on screen arrived (the 'Updated' time), or null before any did. */
  updatedAt: number | null;
  refresh: () => void;
  live: LiveStatus;
}

/**
 * The dashboard's freshness: the refresh control, the sync state, the 'Updated' time, and the live
 * stream, whose events refetch the dashboard (the 30 s poll and focus refresh run regardless).
 */
export function useDashboardSync(
  userId: string,
  dataUpdatedAt: readonly number[],
  onApplicationChanged?: () => void,
): DashboardSync {
  const queryClient = useQueryClient();
  const syncing = useIsFetching({ queryKey: dashboardKeys.of(userId) }) > 0;
  const newest = Math.max(0, ...dataUpdatedAt);
  const refresh = useCallback(() => {
    void queryClient.refetchQueries({ queryKey: dashboardKeys.of(userId), type: 'active' });
  }, [queryClient, userId]);
  const live = useLiveUpdates(userId, (type) => {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.of(userId) });
    if (type === 'application.changed' || type === 'resync') {
      // The role may have changed (approved: Instructor), and the application card with it.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      onApplicationChanged?.();
    }
  });
  return { syncing, updatedAt: newest > 0 ? newest : null, refresh, live };
}
