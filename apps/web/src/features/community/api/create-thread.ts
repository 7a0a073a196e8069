import type { CreateThreadBody, ThreadDetail } from '@learnbuild/domain/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export async function createThread(body: CreateThreadBody): Promise<ThreadDetail> {
  return (await api.post<{ success: true; thread: ThreadDetail }>('/api/community/threads', body)).data.thread;
}

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createThread,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: communityKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: communityKeys.categories() }),
      ]),
  });
}
