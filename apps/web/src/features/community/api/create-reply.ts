import type { CommunityReply } from '@learnbuild/domain/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshThread } from './refresh';

export async function createReply({
  threadId,
  ...post
}: {
  threadId: string;
  body: string;
  containsSolution: boolean;
}): Promise<CommunityReply> {
  const path = `/api/community/threads/${encodeURIComponent(threadId)}/replies`;
  return (await api.post<{ success: true; reply: CommunityReply }>(path, post)).data.reply;
}

export function useCreateReply(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: { body: string; containsSolution: boolean }) => createReply({ threadId, ...post }),
    onSuccess: () => refreshThread(queryClient, threadId),
  });
}
