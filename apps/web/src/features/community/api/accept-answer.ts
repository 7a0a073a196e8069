import type { ThreadDetail } from '@learnbuild/domain/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshThread } from './refresh';

/** Marks `replyId` as the thread's answer, or (null) unmarks it. Only the thread's author may. */
export async function acceptAnswer({ threadId, replyId }: { threadId: string; replyId: string | null }) {
  const path = `/api/community/threads/${encodeURIComponent(threadId)}/answer`;
  const reply = replyId
    ? await api.post<{ success: true; thread: ThreadDetail }>(path, { replyId })
    : await api.delete<{ success: true; thread: ThreadDetail }>(path);
  return reply.data.thread;
}

export function useAcceptAnswer(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (replyId: string | null) => acceptAnswer({ threadId, replyId }),
    onSuccess: () => refreshThread(queryClient, threadId),
  });
}
