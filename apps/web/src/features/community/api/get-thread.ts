import type { ThreadDetail } from '@learnbuild/domain/schemas/community';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { communityKeys } from './keys';

export async function getThread(id: string, page: number): Promise<ThreadDetail> {
  const params = page > 1 ? { page } : undefined;
  return (
    await api.get<{ success: true; thread: ThreadDetail }>(`/api/community/threads/${encodeURIComponent(id)}`, {
      params,
    })
  ).data.thread;
}

export const threadQuery = (id: string, page: number, viewerId: string | null) =>
  queryOptions({
    queryKey: [...communityKeys.thread(id), viewerId, page] as const,
    queryFn: () => getThread(id, page),
    // Another page of the same thread keeps this one on screen while it loads; another thread does not.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? previous : undefined),
    // A missing (or hidden) thread is not retried: the 404 is the answer.
    retry: (count, error) => count < 2 && (error as { response?: { status?: number } }).response?.status !== 404,
  });

export function useThread(id: string, page: number) {
  const { user } = useSession();
  return useQuery(threadQuery(id, page, user?.id ?? null));
}
