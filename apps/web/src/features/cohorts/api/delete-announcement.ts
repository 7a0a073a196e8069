import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { cohortsKey, coursePath } from './keys';

export async function deleteAnnouncement({ courseId, announcementId }: { courseId: string; announcementId: string }) {
  return (
    await api.delete<{ success: true; message: string }>(
      `${coursePath(courseId)}/announcements/${encodeURIComponent(announcementId)}`,
    )
  ).data;
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cohortsKey(userId) }),
  });
}
