import type { SubjectDetail } from '@learnbuild/domain/schemas/subjects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rememberSubject } from '@/features/subjects/local-progress';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { learnerKey } from './get-subjects';

export const subjectQueryKey = (userId: string | null, subjectId: string) =>
  [...learnerKey(userId), 'detail', subjectId] as const;

/** The outline, remembered on this device; marks not yet synced show in it. */
export async function getSubject(userId: string | null, subjectId: string): Promise<SubjectDetail> {
  const { data } = await api.get<{ success: true; subject: SubjectDetail }>(
    `/api/subjects/${encodeURIComponent(subjectId)}`,
  );
  return rememberSubject(userId, data.subject);
}

export const subjectQuery = (userId: string | null, subjectId: string) =>
  queryOptions({ queryKey: subjectQueryKey(userId, subjectId), queryFn: () => getSubject(userId, subjectId) });

/** Offline with nothing cached the query pauses (fetchStatus 'paused') until the browser is back online. */
export function useSubject(subjectId: string) {
  const { user } = useSession();
  return useQuery(subjectQuery(user?.id ?? null, subjectId));
}
