import type { CommunityReply } from '@learnbuild/domain/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshThread } from './refresh';

export async function createReply({ threadId, body }: { threadId: string; body: string }): Promise<CommunityReply> {
  const path = `/api/community/threads/${encodeURIComponent(threadId)}/replies`;
  return (await api.post<{ success: true; reply: CommunityReply }>(path, { body })).data.reply;
}

export function useCreateReply(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => createReply({ threadId, body }),
    onSuccess: () => refreshThread(queryClient, threadId),
  });
}
