import type { QueryClient } from '@tanstack/react-query';
import { communityKeys } from './keys';

/**
 * After a change to a thread or its replies: the thread is read again, and the lists and category
 * counts (reply counts, answered, last activity) are marked stale for the next visit.
 */
export function refreshThread(queryClient: QueryClient, threadId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: communityKeys.thread(threadId) }),
    queryClient.invalidateQueries({ queryKey: communityKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: communityKeys.categories() }),
  ]);
}
