import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export async function deleteThread(id: string) {
  return (await api.delete<{ success: true; message: string }>(`/api/community/threads/${encodeURIComponent(id)}`))
    .data;
}

export function useDeleteThread(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteThread(threadId),
    onSuccess: () => {
      // Marked stale without a refetch: the page on screen is being left, and a later visit asks again (404).
      void queryClient.invalidateQueries({ queryKey: communityKeys.thread(threadId), refetchType: 'none' });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: communityKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: communityKeys.categories() }),
      ]);
    },
  });
}
