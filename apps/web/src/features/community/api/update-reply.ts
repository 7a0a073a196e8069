import type { CommunityReply } from '@learnbuild/domain/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshThread } from './refresh';

export async function updateReply({
  id,
  ...post
}: {
  id: string;
  body: string;
  containsSolution: boolean;
}): Promise<CommunityReply> {
  return (
    await api.put<{ success: true; reply: CommunityReply }>(`/api/community/replies/${encodeURIComponent(id)}`, post)
  ).data.reply;
}

export function useUpdateReply(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReply,
    onSuccess: () => refreshThread(queryClient, threadId),
  });
}
