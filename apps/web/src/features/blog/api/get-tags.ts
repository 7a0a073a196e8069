import type { BlogTagsReply } from '@learnbuild/domain/schemas/blog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { blogKeys } from './keys';

export async function getTags(): Promise<BlogTagsReply['tags']> {
  return (await api.get<BlogTagsReply>('/api/blog/tags')).data.tags;
}

export const tagsQuery = (userId: string | null) =>
  queryOptions({ queryKey: blogKeys.tags(userId), queryFn: getTags, staleTime: 5 * 60_000 });

/** The tags of published posts with their counts, for the filter. */
export function useTags() {
  const { user } = useSession();
  return useQuery(tagsQuery(user?.id ?? null));
}
