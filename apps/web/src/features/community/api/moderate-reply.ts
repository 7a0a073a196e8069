import type { CommunityReply } from '@learnbuild/domain/schemas/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshThread } from './refresh';

/** Hides or shows a reply again (Instructors and Admins; audit-logged on the server). */
export async function moderateReply({ id, hidden }: { id: string; hidden: boolean }): Promise<CommunityReply> {
  const path = `/api/community/replies/${encodeURIComponent(id)}/moderation`;
  return (await api.patch<{ success: true; reply: CommunityReply }>(path, { hidden })).data.reply;
}

export function useModerateReply(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReply,
    onSuccess: () => refreshThread(queryClient, threadId),
  });
}
