import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
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
      queryClient.removeQueries({ queryKey: communityKeys.thread(threadId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: communityKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: communityKeys.categories() }),
      ]);
    },
  });
}
