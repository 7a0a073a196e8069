import type { BlogPost, BlogPostReply } from '@learnbuild/domain/schemas/blog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, errorStatus } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { blogKeys } from './keys';

/** A post by its slug; an old slug answers the post too, with its current slug in `post.slug`. */
export async function getPost(slug: string): Promise<BlogPost> {
  return (await api.get<BlogPostReply>(`/api/blog/${encodeURIComponent(slug)}`)).data.post;
}

export const postQuery = (userId: string | null, slug: string) =>
  queryOptions({
    queryKey: blogKeys.post(userId, slug),
    queryFn: () => getPost(slug),
    // A missing post stays missing: no retries for a 404 (or a 403).
    retry: (count, error) => {
      const status = errorStatus(error);
      return !(status && status >= 400 && status < 500) && count < 2;
    },
  });

export function usePost(slug: string) {
  const { user } = useSession();
  return useQuery(postQuery(user?.id ?? null, slug));
}
