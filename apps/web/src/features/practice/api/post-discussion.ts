import type { ProblemDiscussionPostBody, ProblemDiscussionPosted } from '@learnbuild/domain/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshThread } from '@/features/community/api/refresh';
import { api } from '@/lib/api-client';
import { problemPath } from './keys';

export async function postDiscussion(slug: string, post: ProblemDiscussionPostBody): Promise<ProblemDiscussionPosted> {
  return (await api.post<ProblemDiscussionPosted>(`${problemPath(slug)}/discussion`, post)).data;
}

/** A post in the problem's discussion: the first one opens its thread, so which thread it is is read again. */
export function usePostDiscussion(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: ProblemDiscussionPostBody) => postDiscussion(slug, post),
    onSuccess: (posted) =>
      Promise.all([
        queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[2] === 'discussion' && query.queryKey[3] === slug,
        }),
        refreshThread(queryClient, posted.threadId),
      ]),
  });
}
