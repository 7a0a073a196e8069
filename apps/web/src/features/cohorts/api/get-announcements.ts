import type { AnnouncementsReply } from '@learnbuild/domain/schemas/cohorts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { cohortsKey, coursePath } from './keys';

export async function getAnnouncements(courseId: string): Promise<AnnouncementsReply> {
  return (await api.get<AnnouncementsReply>(`${coursePath(courseId)}/announcements`)).data;
}

export const announcementsQuery = (userId: string | null, courseId: string) =>
  queryOptions({
    queryKey: [...cohortsKey(userId), 'announcements', courseId] as const,
    queryFn: () => getAnnouncements(courseId),
  });

/** Only for those who may read them (enrolled learners, the owner, admins): `enabled` says so. */
export function useAnnouncements(courseId: string, enabled: boolean) {
  const { user } = useSession();
  return useQuery({ ...announcementsQuery(user?.id ?? null, courseId), enabled: enabled && !!user });
}
