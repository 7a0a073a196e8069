import type { ThreadDetail, VoteReply } from '@learnbuild/domain/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

/** Upvotes the thread (`on`) or takes the vote back; both are idempotent on the server. */
export async function voteThread({ id, on }: { id: string; on: boolean }): Promise<VoteReply> {
  const path = `/api/community/threads/${encodeURIComponent(id)}/vote`;
  return (on ? await api.post<VoteReply>(path, {}) : await api.delete<VoteReply>(path)).data;
}

/** The count the server answers is written into the thread on screen; the lists show it on their next visit. */
export function useVoteThread(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => voteThread({ id: threadId, on }),
    onSuccess: (reply) => {
      queryClient.setQueriesData<ThreadDetail>({ queryKey: communityKeys.thread(threadId) }, (thread) =>
        thread ? { ...thread, votes: reply.votes, voted: reply.voted } : thread,
      );
      return queryClient.invalidateQueries({ queryKey: communityKeys.lists() });
    },
  });
}
