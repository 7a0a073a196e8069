import type { ThreadDetail } from '@learnbuild/domain/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshThread } from './refresh';

export type ThreadFlags = { hidden?: boolean; locked?: boolean; pinned?: boolean };

/** Hides, locks or pins a thread (Instructors and Admins; audit-logged on the server). */
export async function moderateThread({ id, ...flags }: ThreadFlags & { id: string }): Promise<ThreadDetail> {
  const path = `/api/community/threads/${encodeURIComponent(id)}/moderation`;
  return (await api.patch<{ success: true; thread: ThreadDetail }>(path, flags)).data.thread;
}

export function useModerateThread(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (flags: ThreadFlags) => moderateThread({ id: threadId, ...flags }),
    onSuccess: () => refreshThread(queryClient, threadId),
  });
}
