import type { SubjectDetail } from '@learnbuild/domain/schemas/subjects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rememberSubject } from '../local-progress';

export const subjectQueryKey = (subjectId: string) => ['subjects', 'detail', subjectId] as const;

export async function getSubject(subjectId: string): Promise<SubjectDetail> {
  const { data } = await api.get<{ success: true; subject: SubjectDetail }>(
    `/api/subjects/${encodeURIComponent(subjectId)}`,
  );
  rememberSubject(data.subject);
  return data.subject;
}

export const subjectQuery = (subjectId: string) =>
  queryOptions({ queryKey: subjectQueryKey(subjectId), queryFn: () => getSubject(subjectId) });

export function useSubject(subjectId: string) {
  return useQuery(subjectQuery(subjectId));
}
