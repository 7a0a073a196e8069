import type { ThreadDetail, UpdateThreadBody } from '@learnbuild/domain/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshThread } from './refresh';

export async function updateThread({ id, ...body }: UpdateThreadBody & { id: string }): Promise<ThreadDetail> {
  return (
    await api.put<{ success: true; thread: ThreadDetail }>(`/api/community/threads/${encodeURIComponent(id)}`, body)
  ).data.thread;
}

export function useUpdateThread(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateThreadBody) => updateThread({ id: threadId, ...body }),
    onSuccess: () => refreshThread(queryClient, threadId),
  });
}
