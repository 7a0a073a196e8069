import type { Announcement, AnnouncementBody } from '@learnbuild/domain/schemas/cohorts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { cohortsKey, coursePath } from './keys';

export async function postAnnouncement({ courseId, body }: { courseId: string; body: AnnouncementBody }) {
  return (await api.post<{ success: true; announcement: Announcement }>(`${coursePath(courseId)}/announcements`, body))
    .data.announcement;
}

export function usePostAnnouncement() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: postAnnouncement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cohortsKey(userId) }),
  });
}
