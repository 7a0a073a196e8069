import type { BlogListReply } from '@learnbuild/domain/schemas/blog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { blogKeys } from './keys';

export interface BlogFilter {
  tag?: string;
  q?: string;
  page: number;
  /** The author's own posts in every status (an Admin's: everyone's). */
  mine?: '1';
}

export async function getPosts(filter: BlogFilter): Promise<BlogListReply> {
  return (await api.get<BlogListReply>('/api/blog', { params: filter })).data;
}

export const postsQuery = (userId: string | null, filter: BlogFilter) =>
  queryOptions({
    queryKey: [...blogKeys.lists(userId), filter] as const,
    queryFn: () => getPosts(filter),
    // The last page stays on screen while the next one loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });

export function usePosts(filter: BlogFilter) {
  const { user } = useSession();
  return useQuery(postsQuery(user?.id ?? null, filter));
}
