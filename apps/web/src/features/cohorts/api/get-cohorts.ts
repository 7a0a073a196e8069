import type { CohortsReply } from '@learnbuild/domain/schemas/cohorts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { cohortsKey, coursePath } from './keys';

export async function getCohorts(courseId: string): Promise<CohortsReply> {
  return (await api.get<CohortsReply>(`${coursePath(courseId)}/cohorts`)).data;
}

export const cohortsQuery = (userId: string | null, courseId: string) =>
  queryOptions({
    queryKey: [...cohortsKey(userId), 'list', courseId] as const,
    queryFn: () => getCohorts(courseId),
  });

export function useCohorts(courseId: string) {
  const { user } = useSession();
  return useQuery(cohortsQuery(user?.id ?? null, courseId));
}
