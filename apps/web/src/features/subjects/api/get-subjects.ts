import type { SubjectSummary } from '@learnbuild/domain/schemas/subjects';
import { CORE_SUBJECTS } from '@learnbuild/domain/subjects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { localSubjectSummaries, rememberSummaries } from '@/features/subjects/local-progress';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export interface SubjectList {
  subjects: SubjectSummary[];
  offline: boolean;
}

/** Every learner query of this feature starts with the account, so one account never sees another's cache. */
export const learnerKey = (userId: string | null) => ['subjects', userId ?? 'anonymous'] as const;
export const subjectsQueryKey = (userId: string | null) => [...learnerKey(userId), 'list'] as const;

/**
 * SPEC 8: a failed subject fetch falls back to locally stored progress for the four core subjects
 * (only logged). A reply is kept on this device for that fallback.
 */
export async function getSubjects(userId: string | null): Promise<SubjectList> {
  try {
    const { data } = await api.get<{ success: true; subjects: SubjectSummary[] }>('/api/subjects');
    return { subjects: rememberSummaries(userId, data.subjects), offline: false };
  } catch (error) {
    console.warn('Could not load subjects; showing local progress', error);
    return { subjects: localSubjectSummaries(userId, CORE_SUBJECTS), offline: true };
  }
}

export const subjectsQuery = (userId: string | null) =>
  queryOptions({
    queryKey: subjectsQueryKey(userId),
    queryFn: () => getSubjects(userId),
    // 'always': offline, the fetch fails fast and the local fallback shows instead of a paused query.
    networkMode: 'always',
    // The fallback is replaced as soon as the server can be asked again.
    staleTime: (query) => (query.state.data?.offline ? 0 : 30_000),
  });

export function useSubjects(enabled = true) {
  const { user } = useSession();
  return useQuery({ ...subjectsQuery(user?.id ?? null), enabled });
}
