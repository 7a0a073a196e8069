import type { ThreadsReply } from '@learnbuild/domain/schemas/community';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export interface ThreadsFilter {
  category?: string;
  q?: string;
  sort: 'latest' | 'top' | 'unanswered';
  page: number;
}

export async function getThreads(filter: ThreadsFilter): Promise<ThreadsReply> {
  return (await api.get<ThreadsReply>('/api/community/threads', { params: filter })).data;
}

export const threadsQuery = (filter: ThreadsFilter) =>
  queryOptions({
    queryKey: [...communityKeys.lists(), filter] as const,
    queryFn: () => getThreads(filter),
    // The list being read stays on screen while the next filter or page loads.
    placeholderData: keepPreviousData,
  });

export function useThreads(filter: ThreadsFilter) {
  return useQuery(threadsQuery(filter));
}
