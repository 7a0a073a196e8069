import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshThread } from './refresh';

export async function deleteReply(id: string) {
  return (await api.delete<{ success: true; message: string }>(`/api/community/replies/${encodeURIComponent(id)}`))
    .data;
}

export function useDeleteReply(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReply,
    onSuccess: () => refreshThread(queryClient, threadId),
  });
}
