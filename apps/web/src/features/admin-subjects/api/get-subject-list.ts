import type { SubjectSummary } from '@learnbuild/domain/schemas/subjects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const subjectListQueryKey = ['subjects', 'admin', 'list'] as const;

/** Unlike the learners' list this never falls back to local progress: admins edit what the server has. */
export async function getSubjectList(): Promise<SubjectSummary[]> {
  return (await api.get<{ success: true; subjects: SubjectSummary[] }>('/api/subjects')).data.subjects;
}

export const subjectListQuery = queryOptions({ queryKey: subjectListQueryKey, queryFn: getSubjectList });

export function useSubjectList() {
  return useQuery(subjectListQuery);
}
