import type { BlogPost, BlogPostReply, CreateBlogPostBody, UpdateBlogPostBody } from '@learnbuild/domain/schemas/blog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { blogKey, blogKeys } from './keys';

export async function createPost(body: CreateBlogPostBody): Promise<BlogPost> {
  return (await api.post<BlogPostReply>('/api/blog', body)).data.post;
}

export async function updatePost(slug: string, body: UpdateBlogPostBody): Promise<BlogPost> {
  return (await api.put<BlogPostReply>(`/api/blog/${encodeURIComponent(slug)}`, body)).data.post;
}

/**
 * Creates a post (no slug yet) or updates the one at `slug`. The stored post replaces the cached copy
 * under its (maybe new) slug, and lists and tags are asked again.
 */
export function useSavePost(slug: string | null) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? null;
  return useMutation({
    mutationFn: (body: CreateBlogPostBody) => (slug ? updatePost(slug, body) : createPost(body)),
    onSuccess: (post) => {
      queryClient.setQueryData(blogKeys.post(userId, post.slug), post);
      if (slug && slug !== post.slug) queryClient.removeQueries({ queryKey: blogKeys.post(userId, slug) });
      // Lists, tags and other posts' related lists may change; the saved post is fresh already.
      void queryClient.invalidateQueries({
        queryKey: blogKey(userId),
        predicate: (query) => !(query.queryKey[2] === 'post' && query.queryKey[3] === post.slug),
      });
    },
  });
}
