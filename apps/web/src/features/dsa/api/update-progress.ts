import type { DsaProblem, DsaProgress, ProgressReply } from '@learnbuild/domain/schemas/dsa';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import { adjustStats, applyChange, mergeProgress, type ProgressChange } from '@/features/dsa/optimistic';
import { browserTimeZone, browserToday } from '@/features/dsa/time-zone';
import { api, errorMessage } from '@/lib/api-client';
import { announceBadges } from '@/lib/badge-announcements';
import type { StatsResult } from './get-stats';
import { dsaKeys, type SheetFilters } from './keys';

export async function updateProgress({ problemId, ...change }: ProgressChange): Promise<DsaProgress> {
  const { data } = await api.put<ProgressReply>(`/api/dsa/progress/${problemId}`, {
    ...change,
    timeZone: browserTimeZone(),
  });
  announceBadges(data.badgesAwarded);
  return data.progress;
}

/** Puts the server's answer into every cached list, then refreshes what depends on it. */
export function storeProgress(queryClient: QueryClient, progress: DsaProgress) {
  queryClient.setQueriesData<DsaProblem[]>({ queryKey: dsaKeys.problemLists }, (rows) =>
    rows?.map((row) => (row.id === progress.problemId ? mergeProgress(row, progress) : row)),
  );
  // Filtered lists go stale but are not refetched now: a row does not vanish under the pointer.
  void queryClient.invalidateQueries({ queryKey: dsaKeys.problemLists, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: dsaKeys.stats });
  void queryClient.invalidateQueries({ queryKey: ['dsa', 'activity'] });
}

/**
 * Lists of problems due for revision (the 'Revise today' view and its count) ask the server again:
 * a problem put on or taken off the schedule, or reviewed, joins or leaves them.
 */
export function refreshRevisionLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({
    queryKey: dsaKeys.problemLists,
    predicate: (query) => (query.queryKey[2] as SheetFilters | undefined)?.status === 'revision',
  });
}

/** Optimistic: the row and the header change at once and roll back with a message if the server refuses. */
export function useUpdateProgress() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: updateProgress,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: dsaKeys.problemLists });
      await queryClient.cancelQueries({ queryKey: dsaKeys.stats });
      const lists = queryClient.getQueriesData<DsaProblem[]>({ queryKey: dsaKeys.problemLists });
      const stats = queryClient.getQueryData<StatsResult>(dsaKeys.stats);
      const before = lists.flatMap(([, rows]) => rows ?? []).find((row) => row.id === change.problemId);
      const today = browserToday();
      queryClient.setQueriesData<DsaProblem[]>({ queryKey: dsaKeys.problemLists }, (rows) =>
        rows?.map((row) => (row.id === change.problemId ? applyChange(row, change, today) : row)),
      );
      if (stats && before) {
        const after = applyChange(before, change, today);
        queryClient.setQueryData<StatsResult>(dsaKeys.stats, {
          ...stats,
          stats: adjustStats(stats.stats, before, after),
        });
      }
      return { lists, stats };
    },
    onError: (error, _change, context) => {
      for (const [key, rows] of context?.lists ?? []) queryClient.setQueryData(key, rows);
      if (context?.stats) queryClient.setQueryData(dsaKeys.stats, context.stats);
      toast(`${errorMessage(error, 'Your change could not be saved')}. The change was undone.`, 'error');
    },
    onSuccess: (progress, change) => {
      storeProgress(queryClient, progress);
      // The schedule toggle is not offered inside 'Revise today', so no row vanishes under the pointer.
      if (change.revision !== undefined) refreshRevisionLists(queryClient);
    },
  });
}
