import type { ThreadDetail, VoteReply } from '@learnbuild/domain/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

/** Upvotes a reply (`on`) or takes the vote back; both are idempotent on the server. */
export async function voteReply({ id, on }: { id: string; on: boolean }): Promise<VoteReply> {
  const path = `/api/community/replies/${encodeURIComponent(id)}/vote`;
  return (on ? await api.post<VoteReply>(path, {}) : await api.delete<VoteReply>(path)).data;
}

/** The count the server answers is written into the reply on screen. */
export function useVoteReply(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteReply,
    onSuccess: (reply, { id }) => {
      queryClient.setQueriesData<ThreadDetail>({ queryKey: communityKeys.thread(threadId) }, (thread) =>
        thread
          ? {
              ...thread,
              replies: thread.replies.map((item) =>
                item.id === id ? { ...item, votes: reply.votes, voted: reply.voted } : item,
              ),
            }
          : thread,
      );
    },
  });
}
