import { STORAGE_KEYS } from '@learnbuild/domain/constants';
import type { SubjectSummary } from '@learnbuild/domain/schemas/subjects';
import { CORE_SUBJECTS } from '@learnbuild/domain/subjects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/storage';
import { localSubjectSummaries } from '../local-progress';

export const subjectsQueryKey = ['subjects'] as const;

/** SPEC 8: a failed subject fetch falls back to locally stored progress for the four core subjects (only logged). */
export async function getSubjects(): Promise<{ subjects: SubjectSummary[]; offline: boolean }> {
  try {
    const { data } = await api.get<{ success: true; subjects: SubjectSummary[] }>('/api/subjects');
    return { subjects: data.subjects, offline: false };
  } catch (error) {
    console.warn('Could not load subjects; showing local progress', error);
    return {
      subjects: localSubjectSummaries(readJson(STORAGE_KEYS.subjectProgress, {}), CORE_SUBJECTS),
      offline: true,
    };
  }
}

// 'always': offline, the fetch fails fast and the local fallback shows instead of a paused query.
export const subjectsQuery = queryOptions({ queryKey: subjectsQueryKey, queryFn: getSubjects, networkMode: 'always' });

export function useSubjects(enabled = true) {
  return useQuery({ ...subjectsQuery, enabled });
}
